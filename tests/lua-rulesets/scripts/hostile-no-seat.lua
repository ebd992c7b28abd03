-- hostile-no-seat.lua: asks seat 9 (which no game has) for a decision.
local ask
return {
  id = "hostile-no-seat", name = "Hostile: no such seat", version = "1",
  setup = function(rules)
    ask = rules:add_decision_kind("hostile-ask", "Answer a question")
    rules:hook("after_figure", function(game)
      game:request_decision(ask, 9, { { kind = 2 } })
    end)
  end,
}

-- hostile-loop.lua: an endless loop in a TURN_END hook from turn 3 on;
-- the instruction budget stops it (doc/lua-rulesets.md, "The sandbox").
return {
  id = "hostile-loop", name = "Hostile: a loop", version = "1",
  limits = { instructions = 200000 },
  setup = function(rules)
    rules:hook("turn_end", function(game)
      if game:turn() >= 3 then
        while true do end
      end
    end)
  end,
}

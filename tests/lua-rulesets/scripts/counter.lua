-- counter.lua: a well-behaved rule set with per-game state, for the
-- restart tests: every fifth turn the active player scores 1 point
-- (COUNTER-01), counted in game:state().
return {
  id = "counter", name = "Counter", version = "1",
  description = "Every fifth turn scores a point for the player whose " ..
                "turn it is.",
  state = function(game) return { turns = 0 } end,
  setup = function(rules)
    rules:hook("turn_end", function(game)
      local s = game:state()
      s.turns = s.turns + 1
      if s.turns % 5 == 0 then
        game:award(game:active_player(), 1, "COUNTER-01")
      end
    end)
  end,
}

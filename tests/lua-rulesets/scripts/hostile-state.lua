-- hostile-state.lua: its per-game state cannot be made: every new game
-- with it is refused.
return {
  id = "hostile-state", name = "Hostile: no state", version = "1",
  state = function(game)
    error(setmetatable({}, { __tostring = function() error("again") end }))
  end,
  setup = function(rules) end,
}

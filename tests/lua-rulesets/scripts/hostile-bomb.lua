-- hostile-bomb.lua: from turn 2 on, the figure step builds tables until
-- the rule set's memory limit stops it.
return {
  id = "hostile-bomb", name = "Hostile: a memory bomb", version = "1",
  limits = { memory = 8 << 20, instructions = 100000000 },
  setup = function(rules)
    rules:hook("after_figure", function(game)
      if game:turn() >= 2 then
        local t = {}
        while true do t[#t + 1] = { #t, #t } end
      end
    end)
  end,
}

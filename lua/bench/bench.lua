-- bench.lua — the Lua half of lua-bench (lua-bench.c): plays @games
-- games, both seats from one connection, with the strategy library's
-- random or greedy bot through the Lua module (game:bot: the algorithm
-- the C side runs, so the difference is the module's), and returns how
-- many acts it took.
local meeple = require "meeple"

local client = meeple.connect()

return function(games, strategy, seed)
  local acts = 0
  for i = 0, games - 1 do
    local game = client:create{ seats = 2, seed = seed + i }
    local a = game:join{ name = "Lua 1", seat = 1, save = false }
    local b = game:join{ name = "Lua 2", seat = 2, save = false }
    game:start()
    local bots = { [a] = game:bot(a, strategy, { seed = seed + i }),
                   [b] = game:bot(b, strategy, { seed = seed + i }) }
    game:play({ a, b }, function(d)
      acts = acts + 1
      return bots[d.seat]:choose(d)
    end)
    game:close()
  end
  return acts
end

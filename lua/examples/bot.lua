-- bot.lua — a bot in Lua: takes the bot seats of a game (or seats it
-- held before, with the tokens meeple keeps) and plays them with the
-- greedy strategy until the game ends.
--
--   meeple-lua bot.lua GAME [SEAT...]
local meeple = require "meeple"
local greedy = require "greedy"

local id = assert(arg[1], "usage: meeple-lua bot.lua GAME [SEAT...]")
local client <close> = meeple.connect()
local game <close> = client:game(id)

-- Seats held before (a restarted bot), else the seats asked for, else
-- every free bot seat.
local seats = game:reclaim{ holder = "bot" }
if #seats == 0 then
  local wanted = {}
  for i = 2, #arg do wanted[#wanted + 1] = tonumber(arg[i]) end
  if #wanted == 0 then
    for _, s in ipairs(game:state().seats) do
      if s.kind == "bot" and not s.taken then wanted[#wanted + 1] = s.seat end
    end
  end
  for _, s in ipairs(wanted) do
    seats[#seats + 1] = game:join{ seat = s, kind = "bot",
                                   name = "Lua bot " .. s, holder = "bot" }
  end
end
assert(#seats > 0, "no seat to play in game " .. id)

-- Any seated client may start a game whose seats are all taken.
pcall(game.start, game)
game:play(seats, greedy.new(game))
print(("game %s over: %s"):format(id, table.concat(game:scores(), " ")))

-- bot.lua — a bot in Lua: plays seats of a game with a strategy of the
-- strategy library (game:bot, the algorithms `meeple bot` runs) until
-- the game ends; greedy unless $MEEPLE_BOT_STRATEGY names another
-- ("search:1s", "random").
--
--   meeple-lua bot.lua GAME [SEAT...]
--
-- With SEATs, it takes each back with the token saved for it (a
-- restarted bot, or `meeple bot` handing the seat over) or joins it;
-- without, it takes back every bot seat it holds a token for, else joins
-- the free bot seats.
local meeple = require "meeple"

local id = assert(arg[1], "usage: meeple-lua bot.lua GAME [SEAT...]")
local client <close> = meeple.connect()
local game <close> = client:game(id)

local function join(seat)
  -- Another bot may take a free seat first: then it is not ours.
  local ok, taken = pcall(game.join, game, { seat = seat, holder = "bot",
                                             name = "Lua bot " .. seat })
  if ok then return taken end
  if not (meeple.is_error(taken) and taken.name == "SeatTaken") then
    error(taken, 0)
  end
end

local seats = {}
if #arg > 1 then
  for i = 2, #arg do
    local seat = assert(math.tointeger(tonumber(arg[i])), "bad seat " .. arg[i])
    seats[#seats + 1] = game:reclaim{ holder = "bot", seat = seat }[1]
                        or join(seat)
  end
else
  seats = game:reclaim{ holder = "bot" }
  if #seats == 0 then
    for _, s in ipairs(game:state().seats) do
      if s.kind == "bot" and not s.taken then seats[#seats + 1] = join(s.seat) end
    end
  end
end
assert(#seats > 0, "no seat to play in game " .. id)

-- Any seated client may start a game whose seats are all taken.
pcall(game.start, game)
local strategy = os.getenv("MEEPLE_BOT_STRATEGY") or "greedy"
local bots = {}
for _, seat in ipairs(seats) do bots[seat] = game:bot(seat, strategy) end
game:play(seats, function(d) return bots[d.seat]:choose(d) end)
print(("game %s over: %s"):format(id, table.concat(game:scores(), " ")))

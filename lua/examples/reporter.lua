-- reporter.lua — follows a game and prints one summary line per turn:
-- the tile placed and where, the figures put, the points scored, and the
-- scores after the turn; then the final scores.
--
--   meeple-lua reporter.lua GAME
local meeple = require "meeple"

local id = assert(arg[1], "usage: meeple-lua reporter.lua GAME")
local client <close> = meeple.connect()
local game <close> = client:game(id)

local names = {}
for _, s in ipairs(game:state().seats) do names[s.seat] = s.name end

local turn, line = 0, nil
local scores = {}

local function flush()
  if not line then return end
  local t = {}
  for seat = 1, #names do t[#t + 1] = tostring(scores[seat] or 0) end
  print(("turn %d: %s | %s"):format(turn, table.concat(line, ", "),
                                     table.concat(t, "-")))
  line = nil
end

for ev in game:events() do
  if ev.type == "tile-placed" then
    flush()
    turn = turn + 1
    line = { ("%s %s at %d,%d"):format(names[ev.seat] or "start", ev.tile,
                                        ev.x, ev.y) }
  elseif ev.type == "figure-placed" and line then
    line[#line + 1] = ("%s on %s"):format(ev.figure, ev.segment or "tile")
  elseif ev.type == "points-scored" then
    scores[ev.seat] = (scores[ev.seat] or 0) + (ev.points or 0)
    if line then
      line[#line + 1] = ("+%d %s"):format(ev.points or 0, names[ev.seat] or "?")
    end
  end
end
flush()
local final = {}
for _, s in ipairs(game:state().seats) do
  final[#final + 1] = ("%s %d"):format(s.name, s.score)
end
print("final: " .. table.concat(final, ", "))

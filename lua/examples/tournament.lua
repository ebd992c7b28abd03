-- tournament.lua — a small tournament between bots: every pair of
-- strategies plays GAMES games on each side, all in this one script
-- (each bot a task, all on one connection), and a table of wins and
-- points is printed.  The strategy library's greedy (game:bot) meets a
-- strategy written in Lua (heuristic.lua).
--
--   meeple-lua tournament.lua [GAMES] [RULES]
local meeple = require "meeple"
local heuristic = require "heuristic"

local games_each = tonumber(arg[1]) or 2
local rules = arg[2] or ""
local strategies = {
  greedy = function(game, seat) return game:bot(seat, "greedy") end,
  heuristic = function(game) return heuristic.new(game) end,
}
local names = { "greedy", "heuristic" }

local client <close> = meeple.connect()
local table_ = {}
for _, n in ipairs(names) do table_[n] = { played = 0, won = 0, points = 0 } end

local function play_one(a, b, seed)
  local game <close> = client:create{ seats = 2, seed = seed, rules = rules,
                                      name = a .. " vs " .. b }
  local sa = game:join{ name = a, save = false }
  local sb = game:join{ name = b, save = false }
  game:start()
  -- One task per bot: each waits for its own seat's decisions.
  meeple.spawn(function() game:play(sa, strategies[a](game, sa)) end)
  meeple.spawn(function() game:play(sb, strategies[b](game, sb)) end)
  meeple.run()
  local st = game:state()
  for i, who in ipairs({ a, b }) do
    local row = table_[who]
    row.played = row.played + 1
    row.points = row.points + st.scores[i]
    for _, w in ipairs(st.winners) do
      if w == i then row.won = row.won + 1 end
    end
  end
  return st
end

local seed = 1000
for i = 1, #names do
  for j = 1, #names do
    if i ~= j then
      for _ = 1, games_each do
        seed = seed + 1
        local st = play_one(names[i], names[j], seed)
        print(("game %s: %s %d, %s %d"):format(st.id, names[i], st.scores[1],
                                               names[j], st.scores[2]))
      end
    end
  end
end

print(("%-8s %6s %4s %7s %6s"):format("bot", "played", "won", "points",
                                     "avg"))
for _, n in ipairs(names) do
  local r = table_[n]
  print(("%-8s %6d %4d %7d %6.1f"):format(n, r.played, r.won, r.points,
                                          r.points / math.max(r.played, 1)))
end

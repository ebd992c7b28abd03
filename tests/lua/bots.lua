-- bots.lua — the Lua greedy bot (lua/examples/greedy.lua) plays complete
-- games against the C bot (`meeple bot`, clients/bot) with each rule set
-- alone and with all of them together; every game's exported record
-- replays in meeple-sim to the scores the daemon gave.
local t = require "harness"
local meeple = require "meeple"
local greedy = require "greedy"

local client = meeple.connect()
local runs = 0

-- The final scores of meeple-sim's replay (its JSON: "players", each
-- with "seat" and "score").
local function replayed_scores(record)
  local path = ("%s/game-%d.rec"):format(t.env.tmp, runs)
  local f = assert(io.open(path, "w"))
  f:write(record)
  f:close()
  local out, ok = t.sh(("%q replay --json %q 2>&1"):format(t.env.sim, path))
  t.check(ok, "meeple-sim replay: " .. out:sub(1, 300))
  local players = out:match('"players"%s*:%s*(%b[])')
  t.check(players, "the replay's players")
  local scores = {}
  for seat, score in players:gmatch('"seat"%s*:%s*(%d+),%s*"name"%s*:%s*'
                                    .. '"[^"]*",%s*"score"%s*:%s*(%-?%d+)') do
    scores[tonumber(seat)] = tonumber(score)
  end
  return scores
end

-- One game: the Lua bot on seat 1, the C greedy bot (another process)
-- on seat 2.
local function play(rules, seed)
  runs = runs + 1
  local game <close> = client:create{ seats = 2, seed = seed, rules = rules,
                                      seat_kinds = { "human", "bot" },
                                      name = "lua vs c " .. runs }
  local seat = game:join{ name = "Lua greedy" }
  local status = ("%s/bot-%d.status"):format(t.env.tmp, runs)
  -- the status is written aside and renamed: the file must not be seen
  -- before its number is in it
  os.execute(("(%q bot %s --strategy greedy --seed %d --quiet; "
              .. "echo $? >%q.tmp; mv %q.tmp %q) >%q 2>&1 &"):format(
               t.env.meeple, game.id, seed, status, status, status,
               status .. ".log"))
  t.check(game:wait_start(60000), "the C bot took its seat and started")
  local decisions = 0
  local choose = greedy.new(game)
  game:play(seat, function(d) decisions = decisions + 1 return choose(d) end)
  t.check(meeple.wait(function()
    local f = io.open(status)
    if f then f:close() return true, true end
  end, 60000, 50), "the C bot ended")
  local f = assert(io.open(status))
  local code = f:read("n")
  f:close()
  t.eq(code, 0, "meeple bot's exit status (" ..
       (io.open(status .. ".log"):read("a")) .. ")")
  local st = game:state()
  t.eq(st.status, "over", "over")
  t.check(decisions > 10, "the Lua bot decided " .. decisions .. " times")
  local scores = replayed_scores(game:export())
  for s = 1, 2 do
    t.eq(scores[s], st.scores[s], "seat " .. s .. "'s score in the replay")
  end
  print(("# %s: %d Lua decisions, Lua %d, C %d"):format(
    rules == "" and "base" or rules, decisions, st.scores[1], st.scores[2]))
  return st
end

local all = {}
for _, r in ipairs(client:rulesets()) do
  if r.id ~= "base" then all[#all + 1] = r.id end
end
t.check(#all >= 6, "the rule sets are built")

t.case("base game", function() play("", 101) end)
for i, id in ipairs(all) do
  t.case("rule set " .. id, function() play(id, 200 + i) end)
end
t.case("every rule set together: " .. table.concat(all, ","), function()
  play(table.concat(all, ","), 300)
end)
t.case("the greedy Lua bot beats random play", function()
  -- Lua greedy against a Lua random bot, 4 games: a strategy that
  -- did nothing useful would lose about half.
  local won = 0
  for i = 1, 4 do
    local game <close> = client:create{ seats = 2, seed = 400 + i }
    local a = game:join{ name = "greedy", save = false }
    local b = game:join{ name = "random", save = false }
    game:start()
    meeple.spawn(function() game:play(a, greedy.new(game)) end)
    meeple.spawn(function() game:play(b, greedy.random) end)
    meeple.run()
    local s = game:scores()
    if s[1] > s[2] then won = won + 1 end
  end
  t.check(won >= 3, "greedy won " .. won .. " of 4")
end)

t.done()

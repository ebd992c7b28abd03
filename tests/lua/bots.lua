-- bots.lua — the Lua heuristic bot (lua/examples/heuristic.lua) plays complete
-- games against the C bot (`meeple bot`, clients/bot) with each rule set
-- alone and with all of them together; every game's exported record
-- replays in meeple-sim to the scores the daemon gave.
local t = require "harness"
local meeple = require "meeple"
local heuristic = require "heuristic"

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
  local seat = game:join{ name = "Lua heuristic" }
  local status = ("%s/bot-%d.status"):format(t.env.tmp, runs)
  -- the status is written aside and renamed: the file must not be seen
  -- before its number is in it
  os.execute(("(%q bot %s --strategy greedy --seed %d --quiet; "
              .. "echo $? >%q.tmp; mv %q.tmp %q) >%q 2>&1 &"):format(
               t.env.meeple, game.id, seed, status, status, status,
               status .. ".log"))
  t.check(game:wait_start(60000), "the C bot took its seat and started")
  local decisions = 0
  local choose = heuristic.new(game)
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
t.case("the heuristic Lua bot beats random play", function()
  -- Lua heuristic against a Lua random bot, 4 games: a strategy that
  -- did nothing useful would lose about half.
  local won = 0
  for i = 1, 4 do
    local game <close> = client:create{ seats = 2, seed = 400 + i }
    local a = game:join{ name = "heuristic", save = false }
    local b = game:join{ name = "random", save = false }
    game:start()
    meeple.spawn(function() game:play(a, heuristic.new(game)) end)
    meeple.spawn(function() game:play(b, heuristic.random) end)
    meeple.run()
    local s = game:scores()
    if s[1] > s[2] then won = won + 1 end
  end
  t.check(won >= 3, "heuristic won " .. won .. " of 4")
end)

-- The strategy library itself (clients/bot) through game:bot(): the
-- same algorithms `meeple bot` and meeple-sim run under those names.
-- Both seats are this script's; the search runs 100 iterations a
-- decision, so the same seeds give the same game.
local function library_game(rules, seed)
  local game = client:create{ seats = 2, seed = seed, rules = rules,
                              name = "library " .. seed }
  local a = game:join{ name = "search", save = false }
  local b = game:join{ name = "greedy", save = false }
  game:start()
  local bots = { [a] = game:bot(a, "search:100", { seed = seed }),
                 [b] = game:bot(b, "greedy", { seed = seed }) }
  local searched = 0
  game:play({ a, b }, function(d)
    local i = bots[d.seat](d, game)
    t.check(math.type(i) == "integer" and i >= 1 and i <= #d.actions,
            "an index into the decision's actions")
    if d.seat == a and #d.actions > 1 then
      searched = searched + 1
      t.check(bots[a]:stats().iterations > 0, "the search iterated")
    end
    return i
  end)
  return game, bots, searched
end

t.case("game:bot plays the library's strategies, reproducibly", function()
  local g1, bots, searched = library_game("abbot", 501)
  local st = g1:state()
  t.eq(st.status, "over", "over")
  t.check(searched > 10, "the search decided " .. searched .. " times")
  t.eq(bots[1].strategy, "search:100", "bot.strategy")
  t.eq(bots[2].seat, 2, "bot.seat")
  t.check(tostring(bots[1]):find("seat 1, search:100", 1, true),
          "tostring: " .. tostring(bots[1]))
  local scores = replayed_scores(g1:export())
  for s = 1, 2 do
    t.eq(scores[s], st.scores[s], "seat " .. s .. "'s score in the replay")
  end
  -- the same seeds, the same moves, the same record
  local g2 = library_game("abbot", 501)
  t.eq(g2:export(), g1:export(), "the same game again")
  g1:close()
  g2:close()
end)

t.case("game:bot refuses what it cannot play", function()
  local game <close> = client:create{ seats = 2, seed = 7 }
  local a = game:join{ name = "a", save = false }
  local b = game:join{ name = "b", save = false }
  local ok, err = pcall(game.bot, game, a, "clever")
  t.check(not ok and tostring(err):find("unknown strategy 'clever'", 1,
                                        true), "unknown strategy: "
          .. tostring(err))
  ok, err = pcall(game.bot, game, 9, "greedy")
  t.check(not ok and tostring(err):find("seat out of range", 1, true),
          "seat out of range: " .. tostring(err))
  game:start()
  local other = game:bot(b, "greedy")
  local d = game:wait_decision(a)
  ok, err = pcall(other.choose, other, d)
  t.check(not ok and tostring(err):find("this bot plays seat 2, not seat 1",
                                        1, true), "another seat's decision: "
          .. tostring(err))
  local mine = game:bot(a, "random", { seed = 1 })
  local i = mine:choose(d)
  t.check(i >= 1 and i <= #d.actions, "a choice for its own seat")
  game:act(d, i)
  -- the decision acted on is no longer pending
  t.raises(function() mine:choose(d) end, "StaleDecision",
           "a decision no longer pending")
end)

t.done()

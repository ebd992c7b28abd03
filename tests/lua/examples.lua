-- examples.lua — every example of lua/examples runs as documented
-- (doc/lua.md): the tournament prints its table, the reporter a line per
-- turn of a game two C bots play, the Lua bot plays a game out against
-- the C bot, and the evening script posts its scores.
local t = require "harness"
local meeple = require "meeple"

local examples = t.env.srcdir .. "/lua/examples"
local runner = os.getenv("MEEPLE_LUA")
local client = meeple.connect()

local function run_example(args)
  return t.sh(("cd %q && %q %s 2>&1"):format(examples, runner, args))
end

-- Starts a shell command in the background; returns the file its exit
-- status lands in.
local function background(command, name)
  local status = ("%s/%s.status"):format(t.env.tmp, name)
  -- written aside and renamed: never seen before its number is in it
  os.execute(("(%s; echo $? >%q.tmp; mv %q.tmp %q) >%q 2>&1 &"):format(
    command, status, status, status, status .. ".log"))
  return status
end

local function wait_status(status)
  local ok = meeple.wait(function()
    local f = io.open(status)
    if f then f:close() return true, true end
  end, 120000, 50)
  t.check(ok, status .. " never came")
  local f = assert(io.open(status))
  local code = f:read("n")
  f:close()
  return code, io.open(status .. ".log"):read("a")
end

t.case("tournament.lua prints its table", function()
  local out, ok = run_example("tournament.lua 1")
  t.check(ok, "exit status: " .. out)
  local games = 0
  for _ in out:gmatch("\ngame %d+: ") do games = games + 1 end
  t.check(out:find("^game %d+: ") and games == 1, "two games:\n" .. out)
  local greedy = out:match("\ngreedy%s+(%d+)%s+%d+%s+%d+")
  local heuristic = out:match("\nheuristic%s+(%d+)%s+%d+%s+%d+")
  t.eq(tonumber(greedy), 2, "greedy (the library's) played")
  t.eq(tonumber(heuristic), 2, "heuristic (Lua's) played")
end)

t.case("reporter.lua: a line per turn of a game of two C bots", function()
  local game = client:create{ seats = 2, seed = 5,
                              seat_kinds = { "bot", "bot" } }
  local report = background(("cd %q && %q reporter.lua %s"):format(
    examples, runner, game.id), "reporter")
  local bots = background(("%q bot %s --seats all-bot --quiet"):format(
    t.env.meeple, game.id), "bots")
  t.eq(wait_status(bots), 0, "the C bots")
  local code, out = wait_status(report)
  t.eq(code, 0, "the reporter's status: " .. out)
  local st = game:state()
  local turns = 0
  for _ in out:gmatch("turn %d+: [^\n]*|[^\n]*\n") do turns = turns + 1 end
  t.eq(turns, #st.board, "one line per tile placed:\n" .. out:sub(1, 400))
  t.check(out:find(("final: [^\n]*%d"):format(st.scores[1])),
          "the final line: " .. out:sub(-200))
  local last
  for scores in out:gmatch("turn %d+: [^\n]*| (%d+%-%d+)\n") do
    last = scores
  end
  t.eq(last, st.scores[1] .. "-" .. st.scores[2], "the last turn's scores")
end)

t.case("bot.lua plays a game out against the C bot", function()
  local game = client:create{ seats = 2, seed = 6,
                              seat_kinds = { "bot", "bot" } }
  local c_bot = background(("%q bot %s --seat 1 --quiet"):format(
    t.env.meeple, game.id), "c-bot")
  t.check(meeple.wait(function()
    return game:state().seats[1].taken, true
  end, 30000, 50), "the C bot took seat 1")
  local out, ok = run_example("bot.lua " .. game.id .. " 2")
  t.check(ok, "bot.lua: " .. out)
  t.eq(wait_status(c_bot), 0, "the C bot")
  local st = game:state()
  t.eq(st.status, "over", "over")
  t.check(out:find(("game %s over: %d %d"):format(game.id, st.scores[1],
                                                  st.scores[2]), 1, true),
          out)
end)

t.case("evening.lua posts the scores of its game", function()
  local file = t.env.tmp .. "/scores.txt"
  for _ = 1, 2 do
    local out, ok = run_example(("evening.lua abbot %q"):format(file))
    t.check(ok, "evening.lua: " .. out)
  end
  local lines = {}
  for line in io.lines(file) do lines[#lines + 1] = line end
  t.eq(#lines, 2, "a line each evening")
  t.check(lines[2]:find("^%d+%-%d+%-%d+ game %d+ %(base,abbot%): Ann %d+, "
                        .. "Bob %d+$"), lines[2])
end)

t.done()

-- memory.lua — 1,000 games created, played and dropped by one script
-- leave no growth in the script's memory: the Lua heap
-- (collectgarbage("count")) and the process's resident set (VmRSS) are
-- measured after game 100 and after game 1,000, with full collections
-- first.  Most games have an empty tile supply (they end at Start); one
-- in ten is a real game of 8 tiles, played to the end by two Lua bots
-- with handlers set.  Under the sanitizers the resident set is not
-- checked (ASan keeps freed memory in quarantine), the Lua heap is.
local t = require "harness"
local meeple = require "meeple"

local client = meeple.connect()
local tiles = { "A", "B", "C", "D", "E", "F", "G", "H" }

local function rss_kib()
  for line in io.lines("/proc/self/status") do
    local kib = line:match("^VmRSS:%s*(%d+)")
    if kib then return tonumber(kib) end
  end
end

local function settle()
  collectgarbage("collect")
  collectgarbage("collect")
  return collectgarbage("count"), rss_kib()
end

local events_seen = 0
local function one_game(n)
  local real = n % 10 == 0
  local game = client:create{ seats = 2, seed = n,
                              tiles = real and tiles or {} }
  local a = game:join{ name = "A", save = n % 100 == 0 }
  local b = game:join{ name = "B", save = false }
  if real then
    game:on("event", function() events_seen = events_seen + 1 end)
  end
  game:start()
  if real then
    game:play({ a, b }, function(d) return #d.actions end)
  else
    t.eq(game:wait_decision(), nil, "an empty supply ends at once")
  end
  t.check(game:is_over(), "game " .. n .. " over")
  t.check(#game:export() > 0, "a record")
  game:state()
  -- Dropped: only the collector closes it.
end

local heap, rss = {}, {}
local started = os.time()
t.case("1,000 games: no growth from game 100 to game 1,000", function()
  for n = 1, 1000 do
    one_game(n)
    if n == 100 or n == 1000 then heap[n], rss[n] = settle() end
  end
  print(("# memory after 100 games: Lua heap %.1f KiB, RSS %d KiB"):format(
    heap[100], rss[100]))
  print(("# memory after 1000 games: Lua heap %.1f KiB, RSS %d KiB"):format(
    heap[1000], rss[1000]))
  print(("# growth 100 -> 1000: Lua heap %+.1f KiB, RSS %+d KiB; %d events "
         .. "seen; %d s"):format(heap[1000] - heap[100], rss[1000] - rss[100],
                                 events_seen, os.time() - started))
  t.check(events_seen > 0, "handlers ran")
  t.check(heap[1000] - heap[100] < 32,
          ("the Lua heap grew by %.1f KiB"):format(heap[1000] - heap[100]))
  if os.getenv("LUA_TEST_SANITIZERS") ~= "yes" then
    t.check(rss[1000] - rss[100] < 512,
            ("the resident set grew by %d KiB"):format(rss[1000] - rss[100]))
  end
end)

t.case("the script's games are all over in the daemon", function()
  local open = 0
  for _, g in ipairs(client:games()) do
    if g.status ~= "over" then open = open + 1 end
  end
  t.eq(open, 0, "games not over")
end)

t.done()

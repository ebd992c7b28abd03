-- errors.lua — every error of the D-Bus API (doc/dbus-api.md, "Errors")
-- reaches Lua as a meeple error with the daemon's name and message, and
-- failures on this side (no bus, no daemon) with theirs.  The list of
-- names is read from the document, so a new error without a case here
-- fails the suite.
local t = require "harness"
local meeple = require "meeple"

local client = meeple.connect()
local covered = {}

-- Provokes error @name with @fn and checks it; the message must be the
-- daemon's (non-empty) and tostring(err) "Name: message".
local function provoke(name, fn)
  t.case(name, function()
    local err = t.raises(fn, name)
    t.eq(tostring(err), name .. ": " .. err.message, "tostring")
    t.check(type(err.code) == "number", "code")
    covered[name] = true
  end)
end

local function seated(seats)
  local game = client:create{ seats = seats or 2, seed = 7 }
  for i = 1, seats or 2 do game:join{ name = "P" .. i, save = false } end
  return game
end

provoke("InvalidArgs", function() client:create{ seats = 9 } end)
provoke("InvalidRuleSets", function() client:create{ rules = { "nope" } } end)
provoke("NoSuchGame", function() client:game("999999") end)
provoke("GameFull", function()
  local game = seated(2)
  game:join{ save = false }
end)
provoke("SeatTaken", function()
  local game = client:create{}
  game:join{ seat = 1, save = false }
  local other = meeple.connect()
  other:game(game.id):join{ seat = 1, save = false }
end)
provoke("AlreadyStarted", function()
  local game = seated(2)
  game:start()
  game:start()
end)
provoke("BadToken", function()
  client:create{}:reclaim("0123456789abcdef0123456789abcdef")
end)
provoke("NotSeated", function()
  local game = seated(2)
  game:start()
  local other = meeple.connect()
  other:game(game.id):act(1, 1)
end)
provoke("NotReady", function()
  local game = client:create{}
  game:join{ save = false }
  game:start()
end)
provoke("NotStarted", function()
  local game = seated(2)
  game:act(1, 1)
end)
provoke("GameOver", function()
  local game = client:create{ tiles = {} }
  game:join{ save = false }
  game:join{ save = false }
  game:start()
  game:act(1, 1)
end)
provoke("NotYourTurn", function()
  local game = seated(2)
  game:start()
  local d = game:wait_decision()
  game:act(d.seat == 1 and 2 or 1, 1)
end)
provoke("StaleDecision", function()
  local game = seated(2)
  game:start()
  local d = game:wait_decision()
  game:act(d, 1)
  game:act(d.seat, 1, d)
end)
provoke("IllegalAction", function()
  local game = seated(2)
  game:start()
  local d = game:wait_decision()
  game:act(d, #d.actions + 1)
end)
provoke("NotFinished", function()
  local game = seated(2)
  game:start()
  game:export()
end)
provoke("NotAuthorized", function()
  local game = seated(2)
  game:start()
  local stranger = meeple.connect()
  stranger:game(game.id):delete()
end)
provoke("LimitReached", function()
  -- A connection holds at most 100 games not over (meepled's default).
  local greedy_creator = meeple.connect()
  for _ = 1, 101 do greedy_creator:create{} end
end)

-- Daemons started by activation with other settings (tests/lua/setup.sh
-- reads daemon.conf at each start).
provoke("StorageFailed", function()
  t.stop_daemon()
  t.daemon_conf('DAEMON_ARGS="--state-max-size 32768"')
  local ok, err = pcall(function()
    for _ = 1, 5000 do
      local game = client:create{ seats = 2 }
      game:close()
    end
  end)
  t.stop_daemon()
  t.daemon_conf(nil)
  if not ok then error(err, 0) end
end)
provoke("Suspended", function()
  -- A game with The Abbot, then a daemon without the abbot plugin.
  local game = seated(2)
  local id = client:create{ rules = { "abbot" } }.id
  local dir = t.env.tmp .. "/plugins-without-abbot"
  local path = os.getenv("MEEPLE_PLUGIN_PATH")
  os.execute(("mkdir -p %q && for f in %q/*.so; do case $f in *abbot*) ;; "
              .. "*) ln -sf \"$f\" %q/ ;; esac; done"):format(dir, path, dir))
  t.stop_daemon()
  t.daemon_conf(("MEEPLE_PLUGIN_PATH=%q; export MEEPLE_PLUGIN_PATH"):format(dir))
  local ok, err = pcall(client.game, client, id)
  t.stop_daemon()
  t.daemon_conf(nil)
  game:close()
  if not ok then error(err, 0) end
end)

-- Failures on this side.
provoke("NoDaemon", function()
  meeple.connect("unix:path=" .. t.env.tmp .. "/no-such-bus")
end)
t.case("NoDaemon when the daemon cannot be started", function()
  t.stop_daemon()
  t.daemon_conf("exit 1")
  local err = t.raises(function() client:games() end, "NoDaemon")
  t.daemon_conf(nil)
  t.check(err.message:find("could not be started", 1, true), err.message)
  t.check(#client:games() > 0, "the next call starts it again")
end)
t.case("a game whose daemon is gone raises NoDaemon", function()
  local game = seated(2)
  game:start()
  t.stop_daemon("KILL")
  t.check(meeple.wait(function() return game:gone() ~= nil, true end, 5000),
          "the game heard that the daemon left")
  t.raises(function() game:wait_decision() end, "NoDaemon")
  t.raises(function() for _ in game:events("new") do end end, "NoDaemon")
end)

t.case("every error of doc/dbus-api.md is covered", function()
  local doc = assert(io.open(t.env.srcdir .. "/doc/dbus-api.md")):read("a")
  local section = doc:match("\n## Errors\n(.-)\n## ")
  t.check(section, "the Errors section")
  -- Failed: "an internal failure the daemon could not classify", which
  -- no call can provoke on purpose.
  -- RuleSetFailed needs a hostile Lua rule set on the daemon's plugin
  -- path: tests/lua-rulesets/daemon.lua provokes it.
  local exempt = { Failed = true, RuleSetFailed = true }
  local n = 0
  for name in section:gmatch("\n| `(%u%a+)` |") do
    n = n + 1
    t.check(covered[name] or exempt[name], "no case provokes " .. name)
  end
  t.check(n >= 19, "the table read: " .. n .. " names")
end)

t.done()

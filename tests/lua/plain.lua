-- plain.lua — require "meeple" from the plain lua5.4 interpreter (the
-- module's C part loaded as meeple/core.so, the way Debian's lua5.4
-- finds an installed one), and a script that ends closes its
-- connection: the daemon sees the seat's connection go.
local t = require "harness"
local meeple = require "meeple"

local lua = os.getenv("LUA54") or "lua5.4"
local cpath = t.env.tmp .. "/cpath"
-- The sanitizers' runtimes, preloaded under an ASan build (setup.sh).
local preload = os.getenv("LUA_PRELOAD") or ""
local env = preload:find("%S") and ("LD_PRELOAD=%q "):format(preload) or ""
local client = meeple.connect()

t.case("lua5.4 loads the module and plays a game", function()
  local script = t.env.tmp .. "/plain-game.lua"
  local f = assert(io.open(script, "w"))
  f:write([[
local meeple = require "meeple"
local client = meeple.connect()
local game = client:create{ seats = 2, seed = 3 }
local a = game:join{ name = "A", save = false }
local b = game:join{ name = "B", save = false }
game:start()
game:play({ a, b }, function(d) return 1 end)
print("scores " .. table.concat(game:scores(), " "))
]])
  f:close()
  local out, ok = t.sh(("%sLUA_CPATH=%q %q %q 2>&1"):format(
    env, cpath .. "/?.so;;", lua, script))
  t.check(ok, "lua5.4: " .. out)
  t.check(out:find("^scores %d+ %d+\n$"), out)
end)

t.case("a script that ends closes its connection", function()
  local game = client:create{ seats = 2, seed = 4 }
  local script = t.env.tmp .. "/plain-join.lua"
  local f = assert(io.open(script, "w"))
  f:write(([[
local meeple = require "meeple"
local game = meeple.connect():game(%q)
game:join{ name = "leaves", save = false }
print(game:state().seats[1].connected)
]]):format(game.id))
  f:close()
  local out, ok = t.sh(("%sLUA_CPATH=%q %q %q 2>&1"):format(
    env, cpath .. "/?.so;;", lua, script))
  t.check(ok and out == "true\n", "the script: " .. out)
  -- The daemon saw the connection close: the seat stays taken, no
  -- longer connected.
  t.check(meeple.wait(function()
    local s = game:state().seats[1]
    return s.taken and not s.connected, true
  end, 10000, 50), "seat 1 disconnected after the script ended")
end)

t.done()

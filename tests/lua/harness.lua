-- tests/lua/harness.lua — the Lua suites' small harness.  Not busted:
-- Debian's lua-busted pulls nine more packages into every CI run, and
-- these suites need only named cases, checks that say what differed,
-- and the closing "N passed, N failed" line tools/test-summary reads
-- (the same as the shell suites print).
--
--   local t = require "harness"
--   t.case("name", function() t.eq(1 + 1, 2, "sum") end)
--   t.done()        -- prints the summary, exits 0 or 1
local meeple = require "meeple"

local H = { passed = 0, failed = 0 }

local function show(v)
  if type(v) == "string" then return string.format("%q", v) end
  if meeple.is_error(v) then return "error " .. tostring(v) end
  return tostring(v)
end

-- A failed check: a table, so that case() tells it from other errors.
local Failure = {}
Failure.__index = Failure
Failure.__tostring = function(f) return f.message end

function H.fail(message)
  error(setmetatable({ message = message, where = debug.traceback("", 3) },
                     Failure), 2)
end

function H.check(cond, what)
  if not cond then H.fail(what or "check failed") end
  return cond
end

function H.eq(got, want, what)
  if got ~= want then
    H.fail(("%s: got %s, expected %s"):format(what or "value", show(got),
                                             show(want)))
  end
end

--- H.raises(fn, name [, what]) -> the error: fn() must raise a meeple
-- error whose name is @name (or, with name "argument", a Lua argument
-- error).
function H.raises(fn, name, what)
  local ok, err = pcall(fn)
  if ok then H.fail((what or name) .. ": no error raised") end
  if name == "argument" then
    H.check(type(err) == "string" and err:find("bad argument", 1, true),
            (what or name) .. ": not an argument error: " .. show(err))
  else
    H.check(meeple.is_error(err),
            (what or name) .. ": not a meeple error: " .. show(err))
    H.eq(err.name, name, what or "error name")
    H.check(type(err.message) == "string" and #err.message > 0,
            (what or name) .. ": empty message")
  end
  return err
end

function H.case(name, fn)
  local ok, err = xpcall(fn, function(e)
    if getmetatable(e) == Failure then return e end
    return debug.traceback(tostring(e), 2)
  end)
  if ok then
    H.passed = H.passed + 1
    print("ok - " .. name)
  else
    H.failed = H.failed + 1
    print("FAIL - " .. name .. ": " .. tostring(err))
    if getmetatable(err) == Failure then print(err.where) end
  end
  io.stdout:flush()
end

function H.done()
  print(("%d passed, %d failed"):format(H.passed, H.failed))
  os.exit(H.failed == 0 and H.passed > 0 and 0 or 1, true)
end

--- The environment of the suite (tests/lua/setup.sh).
H.env = {
  srcdir = os.getenv("TEST_SRCDIR"),
  builddir = os.getenv("TEST_BUILDDIR"),
  tmp = os.getenv("LUA_TEST_TMP"),
  meeple = os.getenv("MEEPLE_CLI"),
  sim = os.getenv("MEEPLE_SIM"),
  daemon_pid = os.getenv("LUA_TEST_DAEMON_PID"),
}

--- H.sh(command) -> output, ok: runs a shell command, stdout captured.
function H.sh(command)
  local p = assert(io.popen(command, "r"))
  local out = p:read("a")
  local ok = p:close()
  return out, ok
end

--- H.stop_daemon([signal]): stops the running meepled (SIGTERM, or
-- @signal: "KILL") and waits until it is gone; the next call to the
-- daemon starts it again by activation.
function H.stop_daemon(signal)
  local f = io.open(H.env.daemon_pid)
  if not f then return end
  local pid = f:read("n")
  f:close()
  if not pid then return end
  os.execute(("kill -%s %d 2>/dev/null"):format(signal or "TERM", pid))
  for _ = 1, 400 do
    if not os.execute(("kill -0 %d 2>/dev/null"):format(pid)) then break end
    os.execute("sleep 0.05")
  end
  os.remove(H.env.daemon_pid)
end

--- H.daemon_conf(text): the shell snippet the next activated daemon
-- reads (DAEMON_ARGS="...", exports); nil removes it.
function H.daemon_conf(text)
  local path = H.env.tmp .. "/daemon.conf"
  if not text then os.remove(path) return end
  local f = assert(io.open(path, "w"))
  f:write(text, "\n")
  f:close()
end

return H

-- daemon.lua — Lua rule sets in meepled, on a private bus, through the
-- Lua client (tests/lua-rulesets/test-lua-rulesets-daemon.sh runs it):
--  * ListRuleSetDetails names them "lua" with their script;
--  * hostile ones (tests/lua-rulesets/scripts/hostile-*.lua) fail their
--    hook with RuleSetFailed, the script's file:line and the named error;
--    the action is refused, the decision stays, the journal keeps nothing,
--    the daemon logs it and keeps serving every other game;
--  * a game with a Lua rule set survives a daemon restart (SIGKILL) and
--    plays on; a changed or missing script suspends it, as for a C plugin.
local t = require "harness"
local meeple = require "meeple"

local client = meeple.connect()
local log = t.env.tmp .. "/meepled.log"
local rulesets = t.env.tmp .. "/rulesets"

local function seated(rules, seed)
  local game = client:create{ rules = rules, seats = 2, seed = seed or 2 }
  for i = 1, 2 do game:join{ name = "P" .. i, save = false } end
  game:start()
  return game
end

local function read(path)
  local f = io.open(path)
  if not f then return "" end
  local text = f:read("a")
  f:close()
  return text
end

-- Plays the first legal action of every decision until an act fails:
-- returns the decision it failed on and the error.
local function play_until_error(game)
  while true do
    local d = game:wait_decision()
    if not d then return nil end
    local ok, err = pcall(game.act, game, d, 1)
    if not ok then return d, err end
  end
end

t.case("the Lua rule sets are listed with their source", function()
  local found = {}
  for _, r in ipairs(client:rulesets()) do found[r.id] = r end
  t.check(found.counter and found["hostile-loop"], "counter, hostile-loop")
  t.check(not found["hostile-syntax"], "the broken script is not offered")
end)

local function refused(id, pattern)
  t.case(id .. ": the action is refused, the game stays", function()
    local game = seated({ id })
    local d, err = play_until_error(game)
    t.check(d, "a hook failed")
    t.check(meeple.is_error(err), "a meeple error: " .. tostring(err))
    t.eq(err.name, "RuleSetFailed", "error name")
    t.check(err.message:find(pattern), "message: " .. err.message)
    local again = game:wait_decision()
    t.eq(again.id, d.id, "the same decision is pending")
    t.eq(#again.actions, #d.actions, "with the same actions")
    t.eq(again.actions[1].notation, d.actions[1].notation, "same first")
    local ok, err2 = pcall(game.act, game, again, 1)
    t.check(not ok and err2.name == "RuleSetFailed", "refused again")
    -- the daemon logged it, with the script's place
    t.check(read(log):find(pattern), "logged: " .. pattern)
  end)
end
refused("hostile-loop", "hostile%-loop%.lua:9: instruction budget exceeded")
refused("hostile-bomb", "hostile%-bomb%.lua:7: memory limit exceeded")
refused("hostile-no-seat", "hostile%-no%-seat%.lua:8: no seat 9")

-- Every case of tests/lua-rulesets/hostile.c through the daemon: the
-- scripts "hostile write" put beside the others (the shell wrapper).
local offered = {}
for _, r in ipairs(client:rulesets()) do offered[r.id] = true end
local function any_of(text, alternatives)
  for alt in (alternatives .. "|"):gmatch("([^|]*)|") do
    if alt ~= "" and text:find(alt, 1, true) then return true end
  end
  return false
end
for line in io.lines(rulesets .. "/manifest") do
  local id, kind, want = line:match("^([^\t]*)\t([^\t]*)\t(.*)$")
  if kind == "skip" then
    t.case(id .. ": not offered", function()
      t.check(not offered[id], id .. " is offered")
    end)
  elseif kind == "plays" then
    t.case(id .. ": plays to the end", function()
      local game = seated({ id }, 1)
      t.check(game:play({ 1, 2 }, function(d) return 1 end), "over")
    end)
  else
    t.case(id .. ": refused with RuleSetFailed, nothing changes", function()
      local failed
      for seed = 1, 6 do
        math.randomseed(seed)
        local ok, game = pcall(client.create, client,
                               { rules = { id }, seats = 2 + seed % 3,
                                 seed = seed })
        if not ok then failed = game break end
        for i = 1, 2 + seed % 3 do game:join{ name = "P" .. i, save = false } end
        game:start()
        while not failed do
          local d = game:wait_decision()
          if not d then break end
          local ok2, err = pcall(game.act, game, d, math.random(#d.actions))
          if not ok2 then
            failed = err
            local again = game:wait_decision()
            t.eq(again.id, d.id, "the decision stays")
            t.eq(#again.actions, #d.actions, "with its actions")
          end
        end
        if failed then break end
      end
      t.check(failed, "no hook failed in 6 games")
      t.eq(failed.name, "RuleSetFailed", "error name")
      t.check(failed.message:find(id:gsub("%-", "%%-") .. "%.lua:%d"),
              "names the script's line: " .. failed.message)
      t.check(any_of(failed.message, want), "names the error: " ..
              failed.message)
    end)
  end
end

t.case("a game whose rule set cannot make its state is refused", function()
  t.raises(function() client:create{ rules = { "hostile-state" } } end,
           "RuleSetFailed")
end)

t.case("the daemon keeps serving every other game", function()
  local game = seated({ "counter" }, 3)
  t.check(game:play({ 1, 2 }, function(d) return #d.actions end),
          "a game with counter plays to the end")
  local record = client:record(game.id)
  t.check(record:find("counter/1", 1, true), "its record names counter/1")
  local base = seated({}, 4)
  t.check(base:play({ 1, 2 }, function() return 1 end), "and a base game")
end)

-- The restart: a game with counter, half played; SIGKILL; the next call
-- starts the daemon again, which replays the journal with the script.
local kept
t.case("a game with a Lua rule set survives a restart", function()
  local game = client:create{ rules = { "counter" }, seats = 2, seed = 9 }
  local tokens = {}
  for i = 1, 2 do tokens[i] = game:join{ name = "P" .. i } end
  game:start()
  for _ = 1, 30 do
    local d = game:wait_decision()
    game:act(d, 1)
  end
  local before = game:scores()
  local d_before = game:wait_decision()
  t.stop_daemon("KILL")
  local again = client:game(game.id)
  t.check(#again:reclaim() == 2, "seats taken back")
  local d = again:wait_decision()
  t.eq(d.id, d_before.id, "the same decision is pending")
  t.eq(table.concat(again:scores(), ","), table.concat(before, ","),
       "the same scores")
  for _ = 1, 20 do again:act(again:wait_decision(), 1) end
  kept = game.id
end)

local function suspended_with(id)
  for _, g in ipairs(client:games()) do
    if g.id == id then return g.status, g.reason end
  end
end

t.case("a changed script suspends the game", function()
  t.stop_daemon()
  local path = rulesets .. "/counter.lua"
  local original = read(path)
  local f = assert(io.open(path, "w"))
  f:write((original:gsub('version = "1"', 'version = "2"')))
  f:close()
  local status, reason = suspended_with(kept)
  t.eq(status, "suspended", "status")
  t.check(reason and reason:find("counter"), "reason: " .. tostring(reason))
  t.raises(function() client:game(kept) end, "Suspended")
  -- the same script again: the game is back
  t.stop_daemon()
  f = assert(io.open(path, "w"))
  f:write(original)
  f:close()
  status = suspended_with(kept)
  t.eq(status, "playing", "playing again with the same script")
end)

t.case("a missing script suspends the game", function()
  t.stop_daemon()
  local path = rulesets .. "/counter.lua"
  local original = read(path)
  os.remove(path)
  local status, reason = suspended_with(kept)
  t.eq(status, "suspended", "status")
  t.check(reason and reason:find("counter"), "reason: " .. tostring(reason))
  t.stop_daemon()
  local f = assert(io.open(path, "w"))
  f:write(original)
  f:close()
  t.eq((suspended_with(kept)), "playing", "back with its script")
end)

t.done()

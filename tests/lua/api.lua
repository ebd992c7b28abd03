-- api.lua — the module's API against the real meepled on a private bus:
-- connections, rule sets, games with every CreateGame option, lookups,
-- seats and tokens (shared with meeple), the decision as a table, every
-- form of act with the guard, events by handler, by iterator and in
-- tasks, history, records, import, and the collector closing objects.
local t = require "harness"
local meeple = require "meeple"

local client = meeple.connect()

local function two_seated(options)
  local game = client:create(options or { seats = 2, seed = 11 })
  local a = game:join{ name = "Ann", save = false }
  local b = game:join{ name = "Bob", save = false }
  return game, a, b
end

t.case("rulesets lists base and the built plugins", function()
  local ids = {}
  for _, r in ipairs(client:rulesets()) do
    t.check(type(r.name) == "string" and #r.version > 0, "rule set fields")
    t.check(type(r.requires) == "table", "requires is a list")
    ids[r.id] = r
  end
  t.check(ids.base, "base listed")
  t.check(ids.abbot, "abbot listed")
  t.eq(ids["spell-circles"].requires[1], "mist", "spell-circles requires")
end)

t.case("create with every CreateGame option", function()
  local game = client:create{ rules = { "abbot" }, seats = 3, seed = 42,
                              tiles = { "A", "B", "C" },
                              seat_kinds = { "human", "bot", "bot" },
                              farmers = false, name = "every option" }
  local s = game:state()
  t.eq(s.name, "every option", "name")
  t.eq(#s.seats, 3, "seats")
  t.eq(s.seats[2].kind, "bot", "seat 2 kind")
  t.eq(s.seats[1].kind, "human", "seat 1 kind")
  t.eq(s.status, "waiting", "status")
  t.eq(table.concat(s.rules, " "):find("abbot", 1, true) ~= nil, true,
       "abbot in rules")
  -- The summary of ListGames names the supply the creator chose.
  local found
  for _, g in ipairs(client:games()) do
    if g.id == game.id then found = g end
  end
  t.check(found, "listed by games()")
  t.eq(found.supply, "tiles", "supply")
  t.eq(found.seats, 3, "summary seats")
  t.eq(found.free_seats, 3, "free seats")
  -- farmers = false, a seed and a tile list show in the record once
  -- the game is played: three tiles, three seats.
  for i = 1, 3 do game:join{ seat = i, name = "P" .. i, save = false } end
  game:start()
  game:play({ 1, 2, 3 }, function(d) return #d.actions end)
  local record = game:export()
  t.check(record:find("farmers off", 1, true), "farmers off in the record")
  t.check(record:find("tiles A B C", 1, true), "tiles in the record")
  t.check(record:find("abbot/", 1, true), "abbot in the record")
end)

t.case("rules as a comma-separated string, seed alone", function()
  local game = client:create{ rules = "abbot, circus", seed = 5 }
  local rules = table.concat(game:state().rules, ",")
  t.check(rules:find("circus", 1, true) and rules:find("abbot", 1, true),
          "both rule sets: " .. rules)
end)

t.case("look a game up by id; games() and game.id", function()
  local game = client:create{}
  local again = client:game(game.id)
  t.eq(again.id, game.id, "same id")
  t.check(again.path:find("/org/meepled/Meepled1/game/", 1, true), "path")
  t.eq(tostring(again), "meeple.Game " .. game.id, "tostring")
  t.raises(function() client:game("no-such-game") end, "NoSuchGame")
end)

t.case("the decision as a table, act by index with the guard", function()
  local game, a = two_seated()
  t.eq(a, 1, "first seat is 1")
  game:start()
  local d = game:wait_decision(a)
  t.eq(d.seat, 1, "seat")
  t.eq(d.kind, "place-tile", "kind")
  t.check(#d.description > 0, "description")
  t.check(type(d.id) == "number", "id")
  local first = d.actions[1]
  t.eq(first.index, 1, "action index")
  t.check(first.notation:find("^place "), "notation: " .. first.notation)
  t.eq(first.kind, "place", "action kind")
  t.check(first.tile and first.x and first.y and first.rotation, "fields")
  t.check(game:act(d, #d.actions), "act by index")
  -- The guard: the same decision again is stale now.
  t.raises(function() game:act(d, 1) end, "StaleDecision")
  t.raises(function() game:act(1, 1, d.id) end, "StaleDecision",
           "guard by id")
end)

t.case("act by notation, by fields, by an action of the list", function()
  local game, a, b = two_seated()
  game:start()
  local d = game:wait_decision(a)
  game:act(a, d.actions[1].notation)            -- notation, unguarded
  d = game:wait_decision(a)                     -- the figure decision
  t.eq(d.kind, "place-figure", "then a figure")
  local pass
  for _, act in ipairs(d.actions) do
    if act.kind == "pass" then pass = act end
  end
  game:act(d, pass)                             -- an action table
  d = game:wait_decision(b)
  local act = d.actions[2]
  game:act(b, { kind = act.kind, tile = act.tile, x = act.x, y = act.y,
                rotation = act.rotation }, d)   -- fields, guarded
  local s = game:state()
  t.eq(#s.board, 3, "three tiles on the board")
  t.eq(s.board[3].x, act.x, "placed where the fields said")
  t.raises(function() game:act(b, "place Z @ 99,99 r0") end, "InvalidArgs")
  d = game:wait_decision(b)
  t.raises(function() game:act(b, { kind = "place", x = 99, y = 99,
                                    tile = act.tile, rotation = 0 }, d) end,
           "IllegalAction")
end)

t.case("argument errors in the usual form", function()
  local game = client:create{}
  local ok, err = pcall(function() game:act("x", 1) end)
  t.eq(ok, false, "raised")
  t.check(err:find("bad argument #1 to 'act' (seat or decision expected",
                   1, true), err)
  ok, err = pcall(function() game:act(1, 0) end)
  t.check(err:find("bad argument #2 to 'act' (index out of range", 1, true),
          err)
  ok, err = pcall(function() game:act(1, true) end)
  t.check(err:find("bad argument #2 to 'act' (index, notation or action "
                   .. "table expected, got boolean)", 1, true), err)
  ok, err = pcall(function() client:create{ seats = "two" } end)
  t.check(err:find("bad argument #1 to 'create' (seats: number expected",
                   1, true), err)
  ok, err = pcall(function() client:create{ colour = "red" } end)
  t.check(err:find("unknown option 'colour'", 1, true), err)
  ok, err = pcall(function() client:create{ tiles = { "A", 3 } } end)
  t.check(err:find("tiles[2]: string expected", 1, true), err)
  ok, err = pcall(function() game:on("nonsense", print) end)
  t.check(err:find("bad argument #1 to 'on' (invalid option 'nonsense')",
                   1, true), err)
  ok, err = pcall(function() game:join{ seat = 0 } end)
  t.check(err:find("seats count from 1", 1, true), err)
end)

t.case("handlers: event, decision, changed; errors in them", function()
  local game, a, b = two_seated()
  local events, decisions, changed = 0, 0, 0
  -- Events of the joins may be in the log already: count the later.
  local n0 = game:event_count()
  local last = n0 > 0 and game:event(n0).sequence or -1
  game:on("event", function(ev, g)
    t.eq(g, game, "the game is passed along")
    t.check(ev.sequence and ev.type, "event fields")
    if ev.sequence > last then events = events + 1 end
  end)
  -- Decisions are signalled to those who do not know them already (a
  -- player learns of the next one from its own act): a spectator on
  -- another connection.
  local watcher = meeple.connect()
  local spectator = watcher:game(game.id)
  spectator:on("decision", function(d) decisions = decisions + 1
    t.check(d.seat == 1 or d.seat == 2, "decision seat") end)
  game:on("changed", function() changed = changed + 1 end)
  game:start()
  game:play({ a, b }, function(d) return #d.actions end)
  local function later()
    local n = 0
    for i = 1, game:event_count() do
      if game:event(i).sequence > last then n = n + 1 end
    end
    return n
  end
  meeple.wait(function() return events == later() end, 5000)
  t.eq(events, later(), "every later event through the handler")
  t.check(events > 100, "a whole game of events")
  t.check(decisions > 50, "decision signals: " .. decisions)
  watcher:close()
  t.check(changed > 0, "changed signals")
  -- A handler's error reaches whoever ran the loop.
  local game2, c, d2 = two_seated()
  game2:on("event", function() error("handler failed") end)
  game2:start()
  local ok, err = pcall(function()
    game2:play({ c, d2 }, function(d) return 1 end)
  end)
  t.eq(ok, false, "the error is raised")
  t.check(tostring(err):find("handler failed", 1, true), tostring(err))
  -- A game cannot be closed from its own handler (the library is
  -- inside its callback then); the error says so.
  game2:on("event", function(_, g) g:close() end)
  ok, err = pcall(function()
    game2:act(game2:wait_decision(), 1)
    -- the act's Events signal runs the handler, whose error ends the
    -- wait; on a loaded machine the signal may take a while
    meeple.wait(function() return false end, 10000)
  end)
  t.eq(ok, false, "closing from a handler raised")
  t.check(tostring(err):find("cannot be closed from its own handler", 1,
                             true), tostring(err))
  -- closed here, outside its handlers: a later event of game2 would run
  -- the closing handler again, in whatever the script does next
  game2:close()
end)

t.case("events iterator and tasks read as straight-line code", function()
  local game, a, b = two_seated({ seats = 2, seed = 3 })
  local seen, types = 0, {}
  -- A reporter task follows the game while two bot tasks play it.
  meeple.spawn(function()
    for ev in game:events() do
      seen = seen + 1
      types[ev.type] = true
    end
  end)
  meeple.spawn(function() game:play(a, function(d) return 1 end) end)
  meeple.spawn(function() game:play(b, function(d) return #d.actions end) end)
  game:start()
  meeple.run()
  t.check(game:is_over(), "over")
  t.eq(seen, game:event_count(), "the iterator saw every event")
  t.check(types["tile-placed"] and types["game-over"], "event types")
  -- From the middle: "new" sees nothing of a finished game.
  local n = 0
  for _ in game:events("new") do n = n + 1 end
  t.eq(n, 0, "no new events after the end")
  -- wait_decision on a finished game: nil.
  t.eq(game:wait_decision(a), nil, "no decision once over")
  t.raises(function() game:decision() end, "GameOver")
end)

t.case("wait_decision times out and sleep lets tasks run", function()
  local game, a, b = two_seated()
  game:start()
  local d = game:wait_decision(a)
  local none, why = game:wait_decision(b, 100)
  t.eq(none, nil, "nothing for seat 2 yet")
  t.eq(why, "timeout", "timeout said")
  local acted = false
  meeple.spawn(function() meeple.sleep(50) game:act(d, 1) acted = true end)
  t.check(not acted, "the task sleeps")
  meeple.sleep(200)
  t.check(acted, "the task ran while the main thread slept")
end)

t.case("tokens are shared with meeple: a seat handed over both ways",
       function()
  local game = client:create{ seats = 2, seat_kinds = { "human", "bot" } }
  local seat = game:join{ name = "Scripted bot", seat = 2, holder = "bot" }
  t.eq(seat, 2, "took the bot seat")
  -- meeple join takes seat 1 and saves its token in the same file.
  local out, ok = t.sh(("%q join %s --name Human 2>&1"):format(t.env.meeple,
                                                              game.id))
  t.check(ok, "meeple join: " .. out)
  -- A second connection (as a later script) takes the player's seat
  -- back with meeple's token...
  local other = meeple.connect()
  local g2 = other:game(game.id)
  local seats = g2:reclaim()
  t.eq(#seats, 1, "one player seat reclaimed")
  t.eq(seats[1], 1, "seat 1")
  t.check(g2:holds(1), "held")
  -- ...and `meeple bot` takes the script's bot seat back with the
  -- script's token, starts the game and plays it to the end with the
  -- script playing seat 1.
  local status = t.env.tmp .. "/bot-status"
  -- written aside and renamed: never seen before its number is in it
  os.execute(("(%q bot %s --quiet; echo $? >%q.tmp; mv %q.tmp %q) >%q 2>&1 &")
             :format(t.env.meeple, game.id, status, status, status,
                     t.env.tmp .. "/bot.log"))
  g2:play(1, function(d) return 1 end)
  meeple.wait(function()
    local f = io.open(status) if f then f:close() return true end
  end, 30000, 50)
  local f = assert(io.open(status))
  t.eq(f:read("n"), 0, "meeple bot's status")
  f:close()
  t.check(g2:is_over(), "over")
  other:close()
end)

t.case("history, record, import", function()
  local game, a, b = two_seated({ seats = 2, seed = 9, name = "for history" })
  game:start()
  game:play({ a, b }, function(d) return 1 end)
  local record = client:record(game.id)
  t.eq(record, game:export(), "record and export agree")
  local entries, total = client:history{ limit = 5 }
  t.check(total >= 1 and #entries >= 1, "history has entries")
  local found
  for _, e in ipairs(entries) do
    if e.id == game.id then found = e end
  end
  t.check(found, "the game is in the history")
  t.eq(found.name, "for history", "its name")
  t.check(found.result:find("Ann", 1, true), "result names the players")
  t.check(found.rules:find("base/", 1, true), "rules with versions")
  local id = client:import(record, "imported")
  t.check(id ~= game.id, "a new id")
  local function moves(r)
    local kept = {}
    for line in r:gmatch("[^\n]+") do
      if not line:find("^#") and not line:find("^name ") then
        kept[#kept + 1] = line
      end
    end
    return table.concat(kept, "\n")
  end
  t.eq(moves(client:record(id)), moves(record), "the imported record")
  t.raises(function() client:import("not a record") end, "InvalidArgs")
  t.raises(function() client:record("424242") end, "NoSuchGame")
end)

t.case("the collector frees games whose signals are still coming",
       function()
  local game, a, b = two_seated()
  local heard = 0
  -- Spectators with handlers, dropped at once; the collector runs all
  -- the time (pause 0) while their signals are dispatched.
  for _ = 1, 8 do
    client:game(game.id):on("event", function() heard = heard + 1 end)
  end
  collectgarbage("incremental", 0, 100)
  local ok, err = pcall(function()
    game:start()
    game:play({ a, b }, function(d) return #d.actions end)
  end)
  collectgarbage("incremental", 200, 100)
  collectgarbage()
  t.check(ok, tostring(err))
  t.check(game:is_over(), "played to the end")
end)

t.case("the collector closes games and clients; <close> too", function()
  local before = #client:games()
  do
    local c <close> = meeple.connect()
    local g <close> = c:create{}
    t.check(g.id, "created on a scoped client")
  end
  for _ = 1, 20 do
    local c = meeple.connect()
    local g = c:create{}
    g:join{ save = false }
  end
  collectgarbage()
  collectgarbage()
  t.eq(#client:games(), before + 21, "the games stay in the daemon")
  local closed = meeple.connect()
  local g = closed:create{}
  closed:close()
  local ok, err = pcall(function() return g:state() end)
  t.check(not ok and err:find("the game is closed", 1, true), tostring(err))
  ok, err = pcall(function() return closed:games() end)
  t.check(not ok and err:find("the client is closed", 1, true), tostring(err))
  closed:close()                 -- twice is fine
end)

t.done()

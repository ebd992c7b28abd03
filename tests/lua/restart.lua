-- restart.lua — a script survives a restart of the daemon: it plays both
-- seats of a game, the daemon is killed (SIGKILL) in the middle, and the
-- script notices (NoDaemon), opens the game again — which starts the
-- daemon again by activation, replaying its journal — takes its seats
-- back with the tokens saved when it joined, and plays to the end.  The
-- record then replays in meeple-sim to the same scores.  Also with a new
-- process: a second script takes a seat over with the saved token.
local t = require "harness"
local meeple = require "meeple"
local heuristic = require "heuristic"

local client = meeple.connect()

-- Plays @id's @seats to the end however many times the daemon goes
-- away; returns how many times it had to take the seats back.
local function play_through_restarts(id, seats, kill_at)
  local restarts = 0
  while true do
    local game = client:game(id)
    local held = game:reclaim()
    table.sort(held)
    t.eq(table.concat(held, ","), table.concat(seats, ","),
         "seats taken back with the saved tokens")
    local acts = 0
    local ok, err = pcall(game.play, game, seats, function(d)
      acts = acts + 1
      if kill_at[1] and acts == kill_at[1] then
        table.remove(kill_at, 1)
        t.stop_daemon("KILL")   -- the act that follows finds no daemon
      end
      return heuristic.random(d)
    end)
    if ok then return restarts, game end
    game:close()
    t.check(meeple.is_error(err) and
            (err.name == "NoDaemon" or err.name == "NotSeated"),
            "the restart shows as NoDaemon (or NotSeated from the new "
            .. "daemon): " .. tostring(err))
    restarts = restarts + 1
  end
end

t.case("a script takes its seats back after kill -9 and plays on",
       function()
  local game = client:create{ seats = 2, seed = 77 }
  local id = game.id
  game:join{ name = "Ann" }          -- tokens saved, as meeple saves them
  game:join{ name = "Bob" }
  game:start()
  game:close()
  local restarts, final = play_through_restarts(id, { 1, 2 }, { 20, 45 })
  t.eq(restarts, 2, "two restarts survived")
  local st = final:state()
  t.eq(st.status, "over", "the game ended")
  local path = t.env.tmp .. "/restart.rec"
  local f = assert(io.open(path, "w"))
  f:write(final:export())
  f:close()
  local out, ok = t.sh(("%q replay %q"):format(t.env.sim, path))
  t.check(ok, "replay: " .. out)
  for seat = 1, 2 do
    local name = st.seats[seat].name
    t.check(out:find(("%s%%s+%d"):format(name, st.scores[seat])),
            ("%s's %d points in the replay:\n%s"):format(name,
                                                       st.scores[seat], out))
  end
end)

t.case("another process takes a seat over with the saved token",
       function()
  local game = client:create{ seats = 2, seed = 78 }
  game:join{ name = "Ann" }
  game:join{ name = "Bob", save = false }
  game:start()
  -- A second script (another process, another connection) reclaims
  -- seat 1 from the token file and plays one move.
  local script = t.env.tmp .. "/takeover.lua"
  local f = assert(io.open(script, "w"))
  f:write(([[
local meeple = require "meeple"
local c = meeple.connect()
local g = c:game(%q)
local seats = g:reclaim()
assert(#seats == 1 and seats[1] == 1, "reclaimed " .. #seats)
local d = g:wait_decision(1)
g:act(d, 1)
print("acted " .. d.id)
]]):format(game.id))
  f:close()
  local out, ok = t.sh(("%q %q 2>&1"):format(os.getenv("MEEPLE_LUA"), script))
  t.check(ok and out:find("acted", 1, true), "the second script: " .. out)
  -- This connection lost seat 1 to it (the daemon moved the seat).
  t.raises(function()
    local d = game:wait_decision(1, 2000)
    game:act(1, 1, d)
  end, "NotSeated")
end)

t.done()

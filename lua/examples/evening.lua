-- evening.lua — "play every evening": starts a game with the rule sets
-- given, lets two Lua bots play it, and posts the scores (here: appends
-- a line to a file, or prints it).  Run by a systemd user timer
-- (doc/lua.md, "Play every evening").
--
--   meeple-lua evening.lua [RULES] [SCORES-FILE]
local meeple = require "meeple"

local rules, out = arg[1] or "abbot", arg[2]
local client <close> = meeple.connect()
local game <close> = client:create{ seats = 2, rules = rules,
                                    name = "evening " .. os.date("%F") }
local a = game:join{ name = "Ann", save = false }
local b = game:join{ name = "Bob", save = false }
game:start()
-- the strategy library's bots (game:bot): Ann greedy, Bob random
meeple.spawn(function() game:play(a, game:bot(a, "greedy")) end)
meeple.spawn(function() game:play(b, game:bot(b, "random")) end)
meeple.run()

local st = game:state()
local line = ("%s game %s (%s): Ann %d, Bob %d"):format(os.date("%F"), st.id,
  table.concat(st.rules, ","), st.scores[1], st.scores[2])
if out then
  local f = assert(io.open(out, "a"))
  f:write(line, "\n")
  f:close()
else
  print(line)
end

-- meeple.lua — require "meeple": the Lua face of libmeeple-client.
--
-- The C part (meeple.core) wraps the client library: connections, games,
-- the decision protocol, events.  This part adds what reads better in
-- Lua: waiting as straight-line code (game:wait_decision(seat),
-- `for ev in game:events() do ... end`), tasks that wait side by side
-- (meeple.spawn, meeple.run), and small helpers.  Everything waits by
-- running the GLib main loop of the module (core.iterate), so handlers
-- and mirrors stay current while a script waits, and the script never
-- sees the loop.  See doc/lua.md.
local core = require "meeple.core"

local M = {
  version = core.version,
  Client = core.Client,   -- methods of connections
  Game = core.Game,       -- methods of games
  Error = core.Error,     -- metatable of the errors the module raises
}
local Game = core.Game

M.is_error = core.is_error

--- meeple.connect([address]) -> client
-- The session bus (or $MEEPLE_BUS_ADDRESS, as for meeple), or @address.
function M.connect(address)
  return core.connect(address)
end

-- ---- tasks: coroutines the module's loop resumes ------------------------

-- Each task: { co = coroutine, cond = function or nil, deadline = ms or
-- nil }.  A task that waits yields its condition; the loop resumes it
-- with the condition's values once it holds (or with nothing at its
-- deadline).
local tasks = {}
local task_of = setmetatable({}, { __mode = "k" })

--- meeple.spawn(fn, ...) -> task: runs fn(...) as a task; it runs as far
-- as its first wait before spawn returns.
function M.spawn(fn, ...)
  if type(fn) ~= "function" then
    error(("bad argument #1 to 'spawn' (function expected, got %s)")
          :format(type(fn)), 2)
  end
  local task = { co = coroutine.create(fn) }
  task_of[task.co] = task
  tasks[#tasks + 1] = task
  local ok, cond, deadline = coroutine.resume(task.co, ...)
  if not ok then
    task.dead = true
    error(cond, 0)
  end
  task.cond, task.deadline = cond, deadline
  if coroutine.status(task.co) == "dead" then task.dead = true end
  return task
end

-- Resumes the tasks whose condition holds; true when one ran.  A task's
-- error is raised here, in whoever drives the loop.
local function step_tasks()
  local ran = false
  local now = core.now()
  local i = 1
  while i <= #tasks do
    local task = tasks[i]
    if task.dead then
      table.remove(tasks, i)
    else
      local values = { true, n = 1 } -- a plain yield: resumed next time
      if task.cond then
        values = table.pack(task.cond())
        if not values[1] then
          values = nil
          if task.deadline and now >= task.deadline then
            values = { false, n = 1 }
          end
        end
      end
      if values then
        ran = true
        local ok, cond, deadline = coroutine.resume(task.co,
          table.unpack(values, 1, values.n))
        if not ok then
          task.dead = true
          table.remove(tasks, i)
          error(cond, 0)
        end
        task.cond, task.deadline = cond, deadline
        if coroutine.status(task.co) == "dead" then task.dead = true end
      end
      i = i + 1
    end
  end
  return ran
end

-- The earliest deadline of the tasks and @deadline, or nil.
local function next_deadline(deadline)
  for _, task in ipairs(tasks) do
    if task.deadline and (not deadline or task.deadline < deadline) then
      deadline = task.deadline
    end
  end
  return deadline
end

--- meeple.wait(cond [, timeout_ms [, poll_ms]]) -> cond's values after
-- the first (nothing on timeout).  cond() returns true (then values) once
-- what is waited for happened.  In a task this yields to the loop;
-- elsewhere it runs the loop (and every task) until cond holds.  The
-- loop wakes for the daemon's messages and deadlines; a cond on
-- anything else (a file, a process) needs @poll_ms, how often to look.
function M.wait(cond, timeout, poll)
  local deadline = timeout and core.now() + timeout
  local co = coroutine.running()
  if task_of[co] then
    -- The loop resumes a task with true and cond's values once cond
    -- holds, or with false at the deadline it yielded.
    while true do
      local step = deadline
      if poll and (not step or step > core.now() + poll) then
        step = core.now() + poll
      end
      local r = table.pack(coroutine.yield(cond, step))
      if r[1] then return table.unpack(r, 2, r.n) end
      if not poll or (deadline and core.now() >= deadline) then return end
    end
  end
  while true do
    core.iterate(false)
    local values = table.pack(cond())
    if values[1] then return table.unpack(values, 2, values.n) end
    if deadline and core.now() >= deadline then return end
    if not step_tasks() then
      local wake = next_deadline(deadline)
      if poll and (not wake or wake > core.now() + poll) then
        wake = core.now() + poll
      end
      core.iterate(true, wake and math.max(0, wake - core.now()))
    end
  end
end

--- meeple.sleep(ms): waits @ms milliseconds (other tasks run meanwhile).
function M.sleep(ms)
  M.wait(function() return false end, ms)
end

--- meeple.run(): runs the loop until every task has ended.
function M.run()
  while true do
    core.iterate(false)
    local live = false
    for _, task in ipairs(tasks) do
      if not task.dead then live = true end
    end
    if not live then tasks = {} return end
    if not step_tasks() then
      local wake = next_deadline(nil)
      core.iterate(true, wake and math.max(0, wake - core.now()))
    end
  end
end

-- ---- games: waiting ------------------------------------------------------

local function raise_gone(game)
  local why = game:gone()
  if why then
    error(setmetatable({ name = "NoDaemon", message = why, code = 1 },
                       core.Error), 3)
  end
end

--- game:wait_decision([seats [, timeout_ms]]) -> decision, or nil when
-- the game is over (or on timeout: nil, "timeout").  @seats: a seat, a
-- list of seats, or nil for any seat.
function Game:wait_decision(seats, timeout)
  local d, err
  local done = M.wait(function()
    local ok, value = pcall(self.poll_decision, self, seats)
    if not ok then err = value return true, true end
    if value then d = value return true, true end
    if self:is_over() then return true, true end
    return false
  end, timeout)
  if err then error(err, 2) end
  if not done then return nil, "timeout" end
  return d
end

--- game:events([from]) -> iterator over the events of the log, from the
-- first (or after the @from first; "new": from now on), waiting for the
-- next one as the game goes on; it ends when the game is over and its
-- log is complete.
function Game:events(from)
  local seen = from == "new" and self:event_count() or (from or 0)
  return function()
    local count = M.wait(function()
      local n = self:event_count()
      if n > seen or self:is_over() or self:gone() then return true, n end
      return false
    end)
    if count > seen then
      seen = seen + 1
      return self:event(seen)
    end
    raise_gone(self)
    return nil
  end
end

--- game:wait_over([timeout_ms]) -> true when the game is over.
function Game:wait_over(timeout)
  local over = M.wait(function()
    if self:is_over() then return true, true end
    if self:gone() then return true, false end
    return false
  end, timeout)
  if not over then raise_gone(self) end
  return over == true
end

--- game:wait_start([timeout_ms]) -> true once the game has started.
function Game:wait_start(timeout)
  return M.wait(function()
    local s = self:state()
    if s.status ~= "waiting" then return true, true end
    return false
  end, timeout) == true
end

--- game:play(seats, choose [, opts]) -> true when the game is over.
-- Plays every decision of @seats (held by this client) with
-- choose(decision, game) -> index, notation or action, until the game
-- ends.  A decision that moved on before the act (StaleDecision) is
-- fetched again.
function Game:play(seats, choose)
  while true do
    local d = self:wait_decision(seats)
    if not d then return true end
    local ok, err = pcall(self.act, self, d, choose(d, self))
    if not ok and not (M.is_error(err) and err.name == "StaleDecision") then
      error(err, 2)
    end
  end
end

--- game:scores() -> the seats' scores, a list from 1 (seat s at s + 1).
function Game:scores()
  return self:state().scores
end

return M

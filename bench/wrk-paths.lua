-- wrk's script for bench/wrk.ts: sends the paths of the file CK_WRK_PATHS names (one per line), in
-- order from line CK_WRK_START + 1, round after round, and prints the run's figures as one line of JSON,
-- with the CPU time wrk itself used (os.clock: the process's, all its threads).

local paths = {}
local next_index = 0

function init()
  for line in io.lines(os.getenv("CK_WRK_PATHS")) do
    paths[#paths + 1] = line
  end
  next_index = tonumber(os.getenv("CK_WRK_START") or "0") % #paths
end

function request()
  next_index = next_index % #paths + 1
  return wrk.format("GET", paths[next_index])
end

function done(summary, latency)
  local errors = summary.errors
  io.write(string.format(
    'CK_WRK_RESULT {"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50Us":%d,"p99Us":%d,"cpuSeconds":%.3f}\n',
    summary.requests, summary.duration, summary.bytes, errors.connect, errors.read, errors.write,
    errors.status, errors.timeout, latency:percentile(50), latency:percentile(99), os.clock()))
end

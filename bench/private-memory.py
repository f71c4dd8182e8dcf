#!/usr/bin/env python3
# Runs a command and prints the peak of its private anonymous memory
# (/proc/PID/smaps_rollup "Anonymous:"), sampled every 2 ms: the heap and
# anonymous maps, not the page cache of mapped files, which is shared.
#   private-memory.py COMMAND ARGS...   ->   "peak_anon_kib N"
import subprocess
import sys
import time

proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
peak = 0
path = f'/proc/{proc.pid}/smaps_rollup'
while proc.poll() is None:
    try:
        with open(path) as f:
            for line in f:
                if line.startswith('Anonymous:'):
                    peak = max(peak, int(line.split()[1]))
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        pass
    time.sleep(0.002)
if proc.returncode != 0:
    sys.exit(f'{sys.argv[1]} failed with {proc.returncode}')
print(f'peak_anon_kib {peak}')

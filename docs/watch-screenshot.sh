#!/usr/bin/env bash
# Makes docs/watch.png from a real run (as root, from the repository root, after a build): `watch --interface lo` in a
# tmux pane of 118x44, beside a JRMP, an IIOP and a SOAP workload of ours and a client of a protocol no decoder knows
# (a line of text every 20 ms to port 7777, answered by an echo server), captures the pane 16 s after the JRMP and IIOP ones start and draws it with
# docs/TerminalPng.java (Java2D). The watch runs on for its --duration; everything it starts ends with it.
set -euo pipefail
out="$(mktemp -d)"
./wireanalyze --version >/dev/null   # builds first if the sources changed, before anything runs beside it
tmux new-session -d -s wa-watch-shot -x 118 -y 44 "./wireanalyze watch --interface lo --duration 45s --out $out/watch.pcap 2>$out/watch.err; sleep 5"
sleep 4
python3 - "$out" <<'PY' &
import socket, threading, time, sys
srv = socket.socket(); srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); srv.bind(("127.0.0.1", 7777)); srv.listen()
def echo():
    c, _ = srv.accept()
    while (d := c.recv(4096)):
        c.sendall(d)
threading.Thread(target=echo, daemon=True).start()
c = socket.create_connection(("127.0.0.1", 7777))
for i in range(1000):
    c.sendall(b"STATUS %05d inventory-service ok\n" % i); c.recv(4096); time.sleep(0.02)
PY
./wireanalyze capture --protocol soap --invocations 2000 --payload ints:200 --out "$out/soap.pcap" >"$out/soap.txt" 2>&1 &
sleep 8   # the SOAP servers take longest to start
./wireanalyze capture --protocol jrmp --invocations 30000 --payload ints:200 --out "$out/jrmp.pcap" >"$out/jrmp.txt" 2>&1 &
./wireanalyze capture --protocol iiop --invocations 20000 --payload ints:200 --out "$out/iiop.pcap" >"$out/iiop.txt" 2>&1 &
sleep 16
tmux capture-pane -p -t wa-watch-shot > "$out/screen.txt"
java -Djava.awt.headless=true docs/TerminalPng.java "$out/screen.txt" 118 docs/watch.png "sudo ./wireanalyze watch --interface lo"
wait
tmux kill-session -t wa-watch-shot 2>/dev/null || true
echo "screen: $out/screen.txt, picture: docs/watch.png"

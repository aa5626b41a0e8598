"""Issue 22 probe: opens N WebSocket connections from 127.0.0.1 at once (threads, websocket-client),
saying hello (mode hello), also 20 presences (flood), or nothing (silent); counts how each ended.
Usage: python3 cap_probe.py PORT N MODE   (against a running sketchd)"""
import collections, json, secrets, sys, threading, time
import websocket

port, n, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
results = []
lock = threading.Lock()
barrier = threading.Barrier(n)
socks = []

def one(i):
    outcome = "?"
    try:
        barrier.wait()
        ws = websocket.create_connection(f"ws://127.0.0.1:{port}/ws", subprotocols=["sketchd"], timeout=30)
        with lock: socks.append(ws)
        if mode in ("hello", "flood"):
            ws.send(json.dumps({"type": "hello", "protocol": 1, "clientId": f"c{i}", "secret": secrets.token_urlsafe(24)}))
        if mode == "flood":
            for _ in range(20): ws.send(json.dumps({"type": "presence", "screen": "main", "x": 1, "y": 2}))
        while True:
            op, data = ws.recv_data(control_frame=False)
            if op == websocket.ABNF.OPCODE_CLOSE:
                code = int.from_bytes(data[:2], "big") if len(data) >= 2 else None
                outcome = f"close {code} {data[2:].decode(errors='replace')}"
                break
            if op == websocket.ABNF.OPCODE_TEXT:
                m = json.loads(data)
                if m.get("type") == "welcome":
                    outcome = "welcome"; break
                if mode == "silent": outcome = "text " + m.get("type", "?"); break
    except websocket.WebSocketTimeoutException:
        outcome = "open, nothing in 30 s" if mode == "silent" else "timeout"
    except Exception as e:
        outcome = f"{type(e).__name__}: {str(e)[:60]}"
    with lock: results.append(outcome)

threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
for t in threads: t.start()
for t in threads: t.join()
print(mode, collections.Counter(results))

#!/usr/bin/env python3
"""A sketchd client in its own process, for the slow-reader test (SIGSTOP/SIGCONT).

Usage: slow_reader.py PORT SESSION TOKEN
Joins from seq 0 and prints "ready" once caught up. Then reads events; if the daemon closes the
connection (4000 lagging, or a hang-up), it reconnects and joins with the last seq it saw. When a
target seq arrives on stdin it reads until it has that seq, prints one JSON report line and exits.
Standard library only.
"""
import base64, json, os, select, socket, struct, sys

def connect(port):
    s = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: sketchd\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(1)
        if not chunk:
            raise ConnectionError("no handshake")
        head += chunk
    assert head.startswith(b"HTTP/1.1 101"), head
    return s

def send(s, obj):
    payload = json.dumps(obj).encode()
    mask = os.urandom(4)
    n = len(payload)
    header = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n) if n < 65536 else bytes([0x80 | 127]) + struct.pack(">Q", n))
    s.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

class Reader:
    def __init__(self, s):
        self.s, self.buf, self.frag = s, b"", b""
    def messages(self):
        """Yields (opcode, payload) of whole messages from what is buffered."""
        while True:
            if len(self.buf) < 2:
                return
            b0, b1 = self.buf[0], self.buf[1]
            n, off = b1 & 0x7F, 2
            if n == 126:
                if len(self.buf) < 4: return
                n, off = struct.unpack(">H", self.buf[2:4])[0], 4
            elif n == 127:
                if len(self.buf) < 10: return
                n, off = struct.unpack(">Q", self.buf[2:10])[0], 10
            if len(self.buf) < off + n:
                return
            payload, self.buf = self.buf[off:off + n], self.buf[off + n:]
            opcode = b0 & 0x0F
            if opcode in (0, 1, 2):
                self.frag += payload
                if b0 & 0x80:
                    data, self.frag = self.frag, b""
                    yield 1, data
            elif opcode == 8:
                yield 8, payload
            elif opcode == 9:
                mask = os.urandom(4)
                self.s.sendall(bytes([0x8A, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

def main():
    port, session, token = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    last, seqs, duplicates, reconnects, close_codes, target = 0, 0, 0, 0, [], None
    announced = False
    secret = base64.urlsafe_b64encode(os.urandom(24)).decode().rstrip("=")  # kept across reconnects
    while True:
        s = connect(port)
        send(s, {"type": "hello", "protocol": 1, "clientId": "slow", "name": "slow", "secret": secret})
        send(s, {"type": "join", "session": session, "token": token, "lastSeq": last})
        reader = Reader(s)
        alive = True
        while alive:
            ready, _, _ = select.select([s, sys.stdin], [], [], 1.0)
            if sys.stdin in ready and target is None:
                line = sys.stdin.readline()
                if line.strip():
                    target = int(line)
            if s in ready:
                try:
                    chunk = s.recv(65536)
                except OSError:
                    chunk = b""
                if not chunk:
                    alive = False
                reader.buf += chunk
                for opcode, payload in reader.messages():
                    if opcode == 8:
                        close_codes.append(struct.unpack(">H", payload[:2])[0] if len(payload) >= 2 else 1005)
                        alive = False
                        break
                    msg = json.loads(payload)
                    if msg.get("type") == "events":
                        for record in msg["records"]:
                            if record["seq"] <= last:
                                duplicates += 1
                            elif record["seq"] != last + 1:
                                print(json.dumps({"gap_after": last, "got": record["seq"]}), flush=True)
                                sys.exit(3)
                            else:
                                last, seqs = record["seq"], seqs + 1
                    elif msg.get("type") == "caughtUp" and not announced:
                        announced = True
                        print("ready", flush=True)
            if target is not None and last >= target:
                print(json.dumps({"last": last, "received": seqs, "duplicates": duplicates,
                                  "reconnects": reconnects, "closeCodes": close_codes}), flush=True)
                return
        s.close()
        reconnects += 1

main()

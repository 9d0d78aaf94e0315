"""The score sync session's messages, each a frame of sync.protocol: what
the host asks (host_tools.sync) and what the device answers
(sync.endpoint).  Apart from the frames, which the score log is made
of: a console that only logs (a solo match) interns none of these names.
"""
# Host -> device requests.
HELLO = 0x01           # [endpoint.HELLO_TIME] -> HELLO_OK
GET = 0x02             # after_seq u32, max_count u8 -> record frames + END
ACK = 0x03             # up_to_seq u32 -> ACK_OK
PLAYERS = 0x04         # names -> OK
SETTINGS = 0x05        # key/values -> OK
BYE = 0x06             # -> OK, the endpoint returns
# Device -> host replies (frame seq = the request's seq).
HELLO_OK = 0x81
END = 0x82
ACK_OK = 0x83
OK = 0x84
ERR = 0xEE

NAMES = {HELLO: "HELLO", GET: "GET", ACK: "ACK", PLAYERS: "PLAYERS", SETTINGS: "SETTINGS",
         BYE: "BYE", HELLO_OK: "HELLO_OK", END: "END", ACK_OK: "ACK_OK", OK: "OK", ERR: "ERR"}

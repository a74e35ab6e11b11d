package printer

import "bytes"

// HostStatusQuery asks a Zebra printer for its host status (ZPL ~HS). A
// Zebra answers with three frames, each framed by STX and ETX and followed
// by CR LF; the portal asks before a job and sends the labels only to a
// peer that answers so, since a database, a mail server or an HTTP API on a
// printer's address never does.
const HostStatusQuery = "~HS\r\n"

// HostStatusFrames is how many frames a Zebra's host status has.
const HostStatusFrames = 3

const (
	stx = 0x02
	etx = 0x03
)

// AnswersHostStatus tells whether what a peer sent back is the beginning
// of a Zebra host status: it starts with STX and holds at least one
// complete frame.
func AnswersHostStatus(answer []byte) bool {
	return len(answer) > 0 && answer[0] == stx && bytes.IndexByte(answer, etx) > 0
}

// HostStatusDone tells whether the whole host status has arrived.
func HostStatusDone(answer []byte) bool {
	return bytes.Count(answer, []byte{etx}) >= HostStatusFrames
}

// MayAnswerHostStatus tells whether what arrived so far can still become a
// host status: nothing yet, or something that starts with STX.
func MayAnswerHostStatus(answer []byte) bool {
	return len(answer) == 0 || answer[0] == stx
}

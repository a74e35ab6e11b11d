package memory_test

import (
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/identity/statetest"
)

func TestMFAStateContract(t *testing.T) { statetest.MFAStateContract(t, memory.NewMFAState()) }

func TestThrottleContract(t *testing.T) {
	statetest.ThrottleContract(t, &memory.Throttle{Window: 15 * time.Minute, Limits: map[string]int{"login:": 3, "addr:": 5}})
}

func TestUserLinksContract(t *testing.T) {
	statetest.UserLinksContract(t, memory.NewUserLinks(map[string]int64{"DE10000001": 41}), "DE10000001", 41)
}

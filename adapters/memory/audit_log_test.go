package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/management/managementtest"
)

func TestAuditTrailContract(t *testing.T) {
	log := &memory.AuditLog{}
	managementtest.AuditTrailContract(t, log, log)
}

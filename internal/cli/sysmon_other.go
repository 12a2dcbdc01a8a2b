//go:build !linux

package cli

// CalmSysmon does nothing outside Linux (see the Linux version).
func CalmSysmon() {}

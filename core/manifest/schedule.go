package manifest

import (
	"slices"
	"strconv"
	"time"

	"parcelportal/core/customer"
)

// zones maps a hub's country to the IANA time zone its auto-manifest times
// are read in. Countries with several zones take the one of their capital.
var zones = map[string]string{
	"AT": "Europe/Vienna", "BE": "Europe/Brussels", "BG": "Europe/Sofia", "CH": "Europe/Zurich",
	"CY": "Asia/Nicosia", "CZ": "Europe/Prague", "DE": "Europe/Berlin", "DK": "Europe/Copenhagen",
	"EE": "Europe/Tallinn", "ES": "Europe/Madrid", "FI": "Europe/Helsinki", "FR": "Europe/Paris",
	"GB": "Europe/London", "GR": "Europe/Athens", "HR": "Europe/Zagreb", "HU": "Europe/Budapest",
	"IE": "Europe/Dublin", "IS": "Atlantic/Reykjavik", "IT": "Europe/Rome", "LI": "Europe/Vaduz",
	"LT": "Europe/Vilnius", "LU": "Europe/Luxembourg", "LV": "Europe/Riga", "MT": "Europe/Malta",
	"NL": "Europe/Amsterdam", "NO": "Europe/Oslo", "PL": "Europe/Warsaw", "PT": "Europe/Lisbon",
	"RO": "Europe/Bucharest", "RS": "Europe/Belgrade", "SE": "Europe/Stockholm", "SI": "Europe/Ljubljana",
	"SK": "Europe/Bratislava", "TR": "Europe/Istanbul", "UA": "Europe/Kyiv",
	"US": "America/New_York", "CA": "America/Toronto", "AU": "Australia/Sydney", "CN": "Asia/Shanghai",
	"HK": "Asia/Hong_Kong", "JP": "Asia/Tokyo", "SG": "Asia/Singapore", "AE": "Asia/Dubai", "BR": "America/Sao_Paulo",
}

// DefaultZone is the zone of a hub country missing from the map: the
// carrier's home, where the default hub country (DE) lies.
const DefaultZone = "Europe/Berlin"

// Zone is the IANA time zone of a hub's country.
func Zone(country string) string {
	if z, ok := zones[country]; ok {
		return z
	}
	return DefaultZone
}

// weekdays maps the schedule's day names to time's.
var weekdays = map[string]time.Weekday{
	"MONDAY": time.Monday, "TUESDAY": time.Tuesday, "WEDNESDAY": time.Wednesday, "THURSDAY": time.Thursday,
	"FRIDAY": time.Friday, "SATURDAY": time.Saturday, "SUNDAY": time.Sunday,
}

// LatestDue is the last slot of the schedule that is due at now and later
// than after (when the schedule was set, so a new schedule does not run a
// slot of the past), read in loc: on one of the days at the time. ok is
// false when the schedule is off or no slot lies in (after, now]. A weekly
// schedule has a slot in every 7 days, so a slot missed while nothing ran,
// however long ago, is found as the latest one and runs once; earlier
// missed slots are not run again on top of it.
func LatestDue(a customer.AutoManifest, loc *time.Location, after, now time.Time) (time.Time, bool) {
	if !a.Active || len(a.Days) == 0 || len(a.Time) != 5 {
		return time.Time{}, false
	}
	hour, err1 := strconv.Atoi(a.Time[:2])
	minute, err2 := strconv.Atoi(a.Time[3:])
	if err1 != nil || err2 != nil {
		return time.Time{}, false
	}
	local := now.In(loc)
	for back := 0; back <= 7; back++ {
		day := local.AddDate(0, 0, -back)
		if !slices.ContainsFunc(a.Days, func(d string) bool { w, ok := weekdays[d]; return ok && w == day.Weekday() }) {
			continue
		}
		slot := time.Date(day.Year(), day.Month(), day.Day(), hour, minute, 0, 0, loc)
		if slot.After(now) {
			continue
		}
		if !slot.After(after) {
			return time.Time{}, false
		}
		return slot.UTC(), true
	}
	return time.Time{}, false
}

// Package ziparchive writes zip archives of documents (archive/zip), one
// entry at a time, so that an archive of many documents holds only the one
// being written.
package ziparchive

import (
	"archive/zip"
	"fmt"
	"io"
	"time"
)

// Writer writes archives; Modified stamps the entries (zero: now).
type Writer struct {
	Modified time.Time
}

// Zip writes one entry per name, in order, on w: next calls write once for
// each entry's content. Fewer or more contents than names is an error.
func (z Writer) Zip(w io.Writer, names []string, next func(write func([]byte) error) error) error {
	modified := z.Modified
	if modified.IsZero() {
		modified = time.Now()
	}
	zw := zip.NewWriter(w)
	i := 0
	err := next(func(data []byte) error {
		if i >= len(names) {
			return fmt.Errorf("zip: more contents than the %d names", len(names))
		}
		f, err := zw.CreateHeader(&zip.FileHeader{Name: names[i], Method: zip.Deflate, Modified: modified})
		i++
		if err != nil {
			return err
		}
		_, err = f.Write(data)
		return err
	})
	if err != nil {
		return err
	}
	if i != len(names) {
		return fmt.Errorf("zip: %d contents for %d names", i, len(names))
	}
	return zw.Close()
}

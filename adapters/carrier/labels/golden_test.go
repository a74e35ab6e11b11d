package labels_test

import (
	"flag"
	"os"
	"testing"

	"parcelportal/adapters/carrier/labels"
)

var update = flag.Bool("update", false, "rewrite testdata/labels/label-{203,300}.zpl")

// The golden ZPL labels: the webapp's golden test renders these files to
// images with zpl-renderer-js (pinned) and reads the barcode back with
// zbarimg (webapp/src/printing/zplGolden.test.ts). This test keeps the
// files what the renderer draws today.
func TestZPLGoldenFiles(t *testing.T) {
	d := draft()
	l := labels.FromDraft("CP000000014DE", "DE", d, at)
	for file, zpl := range map[string][]byte{
		"../../../testdata/labels/label-203.zpl": labels.ZPL(l),
		"../../../testdata/labels/label-300.zpl": labels.ZPL300(l),
	} {
		if *update {
			if err := os.WriteFile(file, zpl, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (run go test -update once)", err)
		}
		if string(want) != string(zpl) {
			t.Errorf("%s differs from the rendered label; if the change is meant, run go test ./adapters/carrier/labels -update and renew the images (UPDATE_GOLDEN=1 in the webapp's zplGolden test)", file)
		}
	}
}

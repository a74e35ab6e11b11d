package pdf_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"time"

	"parcelportal/adapters/carrier/labels"
	"parcelportal/adapters/pdf"
	"parcelportal/core/shipment"
)

func renderLabels(t testing.TB, n int) [][]byte {
	t.Helper()
	d := shipment.Draft{Fields: map[string]string{
		"name": "Anna Jansen", "street": "Damrak", "no": "1", "postalcode": "1012 LG", "city": "Amsterdam",
		"isoCountry": "NL", "product": "EPAQSTD", "service": "CUP", "weight": "800", "referencenumber": "R-1",
	}}
	docs := make([][]byte, n)
	for i := range docs {
		doc, err := labels.PDF(labels.FromDraft(labels.Identifier(int64(i), "DE"), "DE", d, time.Now()))
		if err != nil {
			t.Fatal(err)
		}
		docs[i] = doc
	}
	return docs
}

func TestMergeKeepsEveryPageInOrder(t *testing.T) {
	for _, n := range []int{1, 2, 37} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			docs := renderLabels(t, n)
			// A customs document between labels: pages of other sizes survive.
			if n > 1 {
				customs, err := labels.CustomsPDF(labels.Customs{Identifier: labels.Identifier(9, "DE"), Date: time.Now()})
				if err != nil {
					t.Fatal(err)
				}
				docs[1] = customs
			}
			merged, err := pdf.Merge(docs)
			if err != nil {
				t.Fatal(err)
			}
			sizes, err := pdf.PageSizes(merged)
			if err != nil {
				t.Fatal(err)
			}
			if len(sizes) != n {
				t.Fatalf("%d pages, want %d", len(sizes), n)
			}
			for i, s := range sizes {
				want := 100.0
				if i == 1 {
					want = 210
				}
				if s.Width < want-0.5 || s.Width > want+0.5 {
					t.Errorf("page %d is %.1f mm wide, want %.0f", i+1, s.Width, want)
				}
			}
		})
	}
}

func TestMergeRefusesNothingAndGarbage(t *testing.T) {
	if _, err := pdf.Merge(nil); !errors.Is(err, pdf.ErrNothingToMerge) {
		t.Fatalf("nothing: %v", err)
	}
	docs := renderLabels(t, 1)
	if _, err := pdf.Merge([][]byte{docs[0], []byte("%PDF-1.4 not really")}); err == nil {
		t.Fatal("garbage merged")
	}
	if _, err := pdf.PageSizes([]byte("hello")); err == nil {
		t.Fatal("garbage has pages")
	}
	if sizes, err := pdf.PageSizes(bytes.Clone(docs[0])); err != nil || len(sizes) != 1 {
		t.Fatalf("one label: %v %v", sizes, err)
	}
}

// BenchmarkMerge2000Labels merges the labels of a full batch (the 2000-row
// limit) into the one PDF the batch's label download serves. Target: < 3 s.
func BenchmarkMerge2000Labels(b *testing.B) {
	docs := renderLabels(b, 2000)
	b.ReportAllocs()
	for b.Loop() {
		merged, err := pdf.Merge(docs)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(merged))/(1<<20), "MB")
	}
}

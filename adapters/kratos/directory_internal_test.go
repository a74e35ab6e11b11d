package kratos

import "testing"

func TestNextPageToken(t *testing.T) {
	cases := map[string]string{
		`</admin/identities?page_size=2&page_token=00000000-0000-0000-0000-000000000000>; rel="first",</admin/identities?page_size=2&page_token=5649e27c-8ab2-4715-8005-3d372c9d0d21>; rel="next"`: "5649e27c-8ab2-4715-8005-3d372c9d0d21",
		`</admin/identities?page_token=5649e27c-8ab2-4715-8005-3d372c9d0d21&page_size=2>; rel="next"`:                                                                                              "5649e27c-8ab2-4715-8005-3d372c9d0d21",
		`</admin/identities?page_size=2&page_token=00000000-0000-0000-0000-000000000000>; rel="first"`:                                                                                             "",
		``: "",
	}
	for link, want := range cases {
		if got := nextPageToken(link); got != want {
			t.Errorf("nextPageToken(%q) = %q, want %q", link, got, want)
		}
	}
}

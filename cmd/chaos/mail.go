package main

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"time"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/demo"
)

// mailWhileDown subscribes an address of its own to the newsletter and
// files a parcel inquiry whose sender asks for a copy, while SMTP is away:
// both must succeed, their mails queued for the worker.
func (d *driver) mailWhileDown(ctx context.Context, user string) error {
	stamp := strconv.FormatInt(time.Now().UnixNano(), 36)
	subscriber := "chaos-news-" + stamp + "@example.org"
	sender := "chaos-inquiry-" + stamp + "@example.org"
	if _, err := d.inquiries.SubscribeNewsletter(ctx, bearing(&portalv1.SubscribeNewsletterRequest{
		Email: subscriber, Company: "Chaos Bakery"}, user)); err != nil {
		return fmt.Errorf("newsletter subscription: %w", err)
	}
	d.mailed = append(d.mailed, subscriber)
	if _, err := d.inquiries.SubmitParcelInquiry(ctx, bearing(&portalv1.SubmitParcelInquiryRequest{
		TrackingNumber: "CX" + stamp + "DE", DateOfPosting: time.Now().AddDate(0, 0, -3).Format("02.01.2006"),
		SenderName: "Bakery", SenderCrmid: demo.BakeryCRMID, SenderContactPerson: "Anna",
		SenderContactEmail: sender, SenderContactEmailCopy: sender, SenderCopyToEmail: true,
		RecipientName: "Bob", RecipientCountry: "NL", RecipientContactPerson: "Bob",
		RecipientContactEmail: "bob@example.org", RecipientContactEmailCopy: "bob@example.org",
		ContentDescription: "Bread", Consent: true,
	}, user)); err != nil {
		return fmt.Errorf("parcel inquiry: %w", err)
	}
	d.mailed = append(d.mailed, sender)
	return nil
}

// mailArrives waits for the mails queued while SMTP was away: each must be
// in Mailpit within mailWithin of SMTP's return.
func (d *driver) mailArrives(ctx context.Context, back time.Time) {
	for _, address := range d.mailed {
		for {
			n, err := d.mailCount(address)
			if err == nil && n > 0 {
				fmt.Printf("  %-15s the mail to %s arrived %s after SMTP returned\n", "", address, seconds(time.Since(back)))
				break
			}
			if time.Since(back) > d.mailWithin {
				d.fail("SMTP back: no mail to %s within %s (%v)", address, d.mailWithin, err)
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
}

// mailedOnce checks, at the end of the run, that every mail queued during
// an outage arrived exactly once.
func (d *driver) mailedOnce() {
	for _, address := range d.mailed {
		n, err := d.mailCount(address)
		fmt.Printf("  mails to %s: %d\n", address, n)
		if err != nil || n != 1 {
			d.fail("%d mails to %s, want exactly one (%v)", n, address, err)
		}
	}
}

// mailCount asks Mailpit how many mails went to the address.
func (d *driver) mailCount(address string) (int, error) {
	var found struct {
		Messages []struct {
			ID string `json:"ID"`
		} `json:"messages"`
	}
	_, err := d.getJSON(d.mailpitURL+"/api/v1/search?query="+url.QueryEscape(fmt.Sprintf("to:%q", address)), &found)
	return len(found.Messages), err
}

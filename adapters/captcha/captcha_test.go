package captcha_test

import (
	"context"
	"testing"
	"time"

	selfhosted "parcelportal/adapters/captcha"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/core/captcha"
)

func TestProofOfWorkAcceptsAnAnswerOnce(t *testing.T) {
	p := selfhosted.ProofOfWork{Key: []byte("test-key-test-key-test-key-12345"), Answers: postgres.CaptchaAnswers{Pool: postgrestest.NewPool(t)},
		MaxNumber: 2000, TTL: time.Minute}
	c, err := p.NewChallenge()
	if err != nil {
		t.Fatal(err)
	}
	s, ok := captcha.Solve(c)
	if !ok {
		t.Fatal("unsolvable challenge")
	}
	ctx := context.Background()
	if err := p.Verify(ctx, s.Token(), ""); err != nil {
		t.Fatalf("first answer: %v", err)
	}
	if err := p.Verify(ctx, s.Token(), ""); err == nil {
		t.Fatal("the same answer twice must fail")
	}
	s.Number++
	if err := p.Verify(ctx, s.Token(), ""); err == nil {
		t.Fatal("a wrong answer must fail")
	}
}

package main

import (
	"bytes"
	"crypto/tls"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
)

func startSim(t *testing.T) *sim {
	t.Helper()
	s := newSim([]printer{{Name: "Desk", Addr: "127.0.0.1:0", DPI: 203}})
	if err := s.start("127.0.0.1:0", "127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.close)
	return s
}

func jobsOf(t *testing.T, s *sim) []job {
	t.Helper()
	res, err := http.Get("http://" + s.controlAddr + "/jobs")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var jobs []job
	if err := json.NewDecoder(res.Body).Decode(&jobs); err != nil {
		t.Fatal(err)
	}
	return jobs
}

func TestAgentListsPrintersAndRecordsWrites(t *testing.T) {
	s := startSim(t)
	res, err := http.Get("http://" + s.agentAddr + "/available")
	if err != nil {
		t.Fatal(err)
	}
	var list struct{ Printer []device }
	_ = json.NewDecoder(res.Body).Decode(&list)
	res.Body.Close()
	if len(list.Printer) != 1 || list.Printer[0].Name != "Desk" || res.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Fatalf("available = %+v", list)
	}
	body, _ := json.Marshal(map[string]any{"device": list.Printer[0], "data": "^XA^FD1^FS^XZ^XA^FD2^FS^XZ"})
	res, err = http.Post("http://"+s.agentAddr+"/write", "text/plain", bytes.NewReader(body))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("write = %v, %v", res, err)
	}
	if jobs := jobsOf(t, s); len(jobs) != 1 || jobs[0].Labels != 2 || jobs[0].Via != "agent" {
		t.Fatalf("jobs = %+v", jobs)
	}
	// A hidden printer is neither listed nor written to.
	req, _ := http.NewRequest(http.MethodPut, "http://"+s.controlAddr+"/agent/hidden", strings.NewReader(`["Desk"]`))
	if _, err := http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	}
	res, _ = http.Post("http://"+s.agentAddr+"/write", "text/plain", bytes.NewReader(body))
	if res.StatusCode != http.StatusInternalServerError {
		t.Fatalf("write to a hidden printer = %d", res.StatusCode)
	}
	// A stopped agent refuses connections; a started one answers again.
	_, _ = http.Post("http://"+s.controlAddr+"/agent/stop", "", nil)
	if _, err := http.Get("http://" + s.agentAddr + "/available"); err == nil {
		t.Fatal("the stopped agent answered")
	}
	_, _ = http.Post("http://"+s.controlAddr+"/agent/start", "", nil)
	if _, err := http.Get("http://" + s.agentAddr + "/available"); err != nil {
		t.Fatalf("the restarted agent: %v", err)
	}
}

func TestRawPrinterRecordsWhatArrives(t *testing.T) {
	s := startSim(t)
	c, err := net.Dial("tcp", s.raw[0].Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	_, _ = c.Write([]byte("^XA^FDraw^FS^XZ"))
	c.Close()
	for range 100 {
		if jobs := jobsOf(t, s); len(jobs) == 1 {
			if jobs[0].Via != "network" || jobs[0].Data != "^XA^FDraw^FS^XZ" {
				t.Fatalf("job = %+v", jobs[0])
			}
			return
		}
		waitABit()
	}
	t.Fatal("no job arrived")
}

func TestTheAgentAnswersOnItsHTTPSPortTooAndStopsWithIt(t *testing.T) {
	s := newSim([]printer{{Name: "Desk", Addr: "127.0.0.1:0", DPI: 203}})
	s.tlsAddr = "127.0.0.1:0"
	if err := s.start("127.0.0.1:0", "127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.close)
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
	res, err := client.Post("https://"+s.tlsAddr+"/write", "application/json",
		strings.NewReader(`{"device":{"name":"Desk","uid":"Desk"},"data":"^XA^XZ"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if jobs := jobsOf(t, s); res.StatusCode != http.StatusOK || len(jobs) != 1 || jobs[0].Via != "agent-https" {
		t.Fatalf("write over https = %d, jobs %+v", res.StatusCode, jobs)
	}
	s.stopAgent()
	if _, err := client.Get("https://" + s.tlsAddr + "/available"); err == nil {
		t.Error("the https agent still answers after the agent stopped")
	}
}

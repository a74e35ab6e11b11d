package main

import "time"

func waitABit() { time.Sleep(20 * time.Millisecond) }

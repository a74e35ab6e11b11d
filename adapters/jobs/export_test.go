package jobs

// RedisAddr gives the external tests the stack's Redis as the worker's
// tests read it.
var RedisAddr = redisAddr

// StartWorker gives them the worker its tests run until the test ends.
var StartWorker = startWorker

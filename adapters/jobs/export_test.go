package jobs

// RedisAddr gives the external tests the stack's Redis as the worker's
// tests read it.
var RedisAddr = redisAddr

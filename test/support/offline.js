// Every suite, and every service a suite starts as a child process (which inherits the
// environment), verifies AI assistants by the data's static CIDRs only: the published range files
// are on the internet, and the suites stay off it. Suites about the range files serve them on
// loopback and set ASSISTANT_RANGES=fetch themselves.
process.env.ASSISTANT_RANGES ??= 'static';

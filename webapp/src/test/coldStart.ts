import { configure } from "@testing-library/react";

// A file that runs in a module graph of its own (*.isolated.test.tsx) loads
// every module of the app afresh: beside the browser tests on two cores its
// first page took 12 s to appear. findBy* and waitFor wait up to 40 s here;
// a passing step still goes on the moment it holds.
configure({ asyncUtilTimeout: 40_000 });

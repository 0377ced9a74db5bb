// React DOM, run where its chunk is evaluated (vite.config.ts puts this file in React DOM's chunk):
// its code is CommonJS, which the bundler wraps to run at its first `require`, and that came in
// the shell's evaluation, making it one task of 10-18 ms under Lighthouse. Run here, it is a task
// of its own, before the shell's (the bootstrap evaluates the chunks one by one: issue 55).
import "react-dom";
import "react-dom/client";

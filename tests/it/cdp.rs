//! A small Chrome DevTools Protocol client for the browser tests: one
//! headless Chromium over `--remote-debugging-pipe` (it reads commands on
//! file descriptor 3 and writes answers on 4, each a JSON message ended by a
//! NUL byte), one page, and real input events (`Input.dispatchMouseEvent` at
//! an element's box, `Input.dispatchKeyEvent`). Every wait has a deadline,
//! so a browser that hangs fails the test instead of stalling it.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long one command may take.
const ANSWER: Duration = Duration::from_secs(60);

/// A running browser with one attached page.
pub struct Browser {
    child: Child,
    commands: ChildStdin,
    answers: Receiver<Value>,
    next: u64,
    session: String,
}

impl Browser {
    /// Starts `browser` headless with its profile in `profile` and opens a
    /// blank page.
    pub fn launch(browser: &Path, profile: &Path) -> Browser {
        // The shell gives Chromium our pipes as descriptors 3 and 4, so the
        // test needs no unsafe `dup2` of its own.
        let mut child = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" 3<&0 4>&1 </dev/null >/dev/null")
            .arg(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
                "--window-size=1100,900",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromium starts");
        let commands = child.stdin.take().unwrap();
        let mut out = child.stdout.take().unwrap();
        let (tx, answers) = channel();
        std::thread::spawn(move || {
            let mut pending = Vec::new();
            let mut buf = [0u8; 65536];
            while let Ok(got @ 1..) = out.read(&mut buf) {
                pending.extend_from_slice(&buf[..got]);
                while let Some(end) = pending.iter().position(|&b| b == 0) {
                    let message: Vec<u8> = pending.drain(..=end).collect();
                    let parsed = serde_json::from_slice(&message[..end]).expect("CDP sends JSON");
                    if tx.send(parsed).is_err() {
                        return;
                    }
                }
            }
        });
        let mut b = Browser {
            child,
            commands,
            answers,
            next: 0,
            session: String::new(),
        };
        let target = b.send(None, "Target.createTarget", json!({"url": "about:blank"}));
        let id = target["targetId"].clone();
        let attached = b.send(
            None,
            "Target.attachToTarget",
            json!({"targetId": id, "flatten": true}),
        );
        b.session = attached["sessionId"].as_str().unwrap().to_string();
        // Headless windows are never focused; key events need a focused page.
        b.call(
            "Emulation.setFocusEmulationEnabled",
            json!({"enabled": true}),
        );
        b.call("Page.enable", json!({}));
        b
    }

    /// Sends one command (to the page's session, or to the browser) and
    /// returns its result; panics on an error answer or after [`ANSWER`].
    fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            message["sessionId"] = json!(s);
        }
        let mut bytes = message.to_string().into_bytes();
        bytes.push(0);
        self.commands
            .write_all(&bytes)
            .unwrap_or_else(|e| panic!("chromium stopped reading ({method}): {e}"));
        let deadline = Instant::now() + ANSWER;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.answers.recv_timeout(left) {
                Ok(answer) if answer["id"] == id => {
                    assert!(answer["error"].is_null(), "{method}: {}", answer["error"]);
                    return answer["result"].clone();
                }
                // An event or another session's answer.
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => {
                    panic!("chromium did not answer {method} in 60 s")
                }
                Err(RecvTimeoutError::Disconnected) => panic!("chromium exited during {method}"),
            }
        }
    }

    /// A command to the page.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(Some(&session), method, params)
    }

    /// The value of a JavaScript expression in the page (JSON-able).
    pub fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true}),
        );
        assert!(
            r["exceptionDetails"].is_null(),
            "{expression}: {}",
            r["exceptionDetails"]
        );
        r["result"]["value"].clone()
    }

    /// Waits until `expression` is true in the page; panics with `what`
    /// after 30 s.
    pub fn wait_for(&mut self, expression: &str, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.eval(expression) != json!(true) {
            if Instant::now() > deadline {
                let page = self.eval(
                    "[document.URL, document.readyState, document.body && document.body.outerHTML.slice(0, 300)]",
                );
                panic!("waited 30 s for {what}; the page: {page}");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Loads `url` and waits until the page is complete and `ready` (a
    /// JavaScript expression) holds.
    pub fn open(&mut self, url: &str, ready: &str) {
        self.call("Page.navigate", json!({"url": url}));
        let check = format!(
            "document.URL.split('#')[0] === {} && document.readyState === 'complete' && ({ready})",
            json!(url)
        );
        self.wait_for(&check, url);
    }

    /// A real left click at the middle of the element with id `id`
    /// (scrolled into view first); panics if it is not shown.
    pub fn click(&mut self, id: &str) {
        let box_of = format!(
            "(function () {{ var e = document.getElementById({}); if (!e) {{ return null; }} \
             e.scrollIntoView({{block: 'center'}}); var b = e.getBoundingClientRect(); \
             return [b.left + b.width / 2, b.top + b.height / 2, b.width * b.height]; }})()",
            json!(id)
        );
        let at = self.eval(&box_of);
        let at = at
            .as_array()
            .unwrap_or_else(|| panic!("no element #{id} to click"));
        assert!(at[2].as_f64().unwrap() > 0.0, "#{id} is not shown");
        let (x, y) = (at[0].clone(), at[1].clone());
        self.call(
            "Input.dispatchMouseEvent",
            json!({"type": "mouseMoved", "x": x, "y": y}),
        );
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// A real key press and release of a letter key.
    pub fn key(&mut self, letter: char) {
        let upper = letter.to_ascii_uppercase();
        let code = format!("Key{upper}");
        let text = letter.to_string();
        for kind in ["keyDown", "keyUp"] {
            let mut event = json!({
                "type": kind,
                "key": text,
                "code": code,
                "windowsVirtualKeyCode": upper as u32,
                "nativeVirtualKeyCode": upper as u32,
            });
            if kind == "keyDown" {
                event["text"] = json!(text);
            }
            self.call("Input.dispatchKeyEvent", event);
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Ask Chromium to quit (its helper processes go with it); kill it
        // if it has not within 10 s.
        self.next += 1;
        let close = json!({"id": self.next, "method": "Browser.close"});
        let _ = self.commands.write_all(format!("{close}\0").as_bytes());
        let deadline = Instant::now() + Duration::from_secs(10);
        while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

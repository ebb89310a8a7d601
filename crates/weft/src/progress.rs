//! The progress display of `weft check` (`indicatif`): executions so far,
//! executions per second and, when the exploration is split (`-j`,
//! `--shard`), how many of the parts handed out are done, which is the
//! estimate of what remains. It is drawn on stderr when stderr is a
//! terminal, and not at all otherwise (pipes, files, CI logs).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use weft_explore::{Config, Progress};

/// How often the display reads the counters.
const PERIOD: Duration = Duration::from_millis(150);

/// A running progress display (or none).
pub struct Display {
    counters: Option<Arc<Progress>>,
    done: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Display {
    /// Starts the display for an exploration with `cfg` if stderr is a
    /// terminal.
    pub fn start(cfg: &Config) -> Display {
        let done = Arc::new(AtomicBool::new(false));
        if !std::io::stderr().is_terminal() {
            return Display {
                counters: None,
                done,
                thread: None,
            };
        }
        let counters = Arc::new(Progress::default());
        let split = cfg.jobs > 1 || cfg.shard.is_some();
        let bar = ProgressBar::new_spinner();
        let style = ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
            .expect("a valid template");
        bar.set_style(style);
        let (c, d) = (counters.clone(), done.clone());
        let thread = std::thread::spawn(move || {
            let start = std::time::Instant::now();
            while !d.load(Ordering::Relaxed) {
                let n = c.executions.load(Ordering::Relaxed);
                let rate = n as f64 / start.elapsed().as_secs_f64().max(1e-3);
                let mut msg = format!("{n} executions, {rate:.0}/s");
                if split {
                    let parts = c.parts.load(Ordering::Relaxed);
                    let finished = c.parts_done.load(Ordering::Relaxed);
                    msg += &format!(", parts {finished}/{parts} done");
                }
                bar.set_message(msg);
                bar.tick();
                std::thread::sleep(PERIOD);
            }
            bar.finish_and_clear();
        });
        Display {
            counters: Some(counters),
            done,
            thread: Some(thread),
        }
    }

    /// The counters the exploration updates, if the display runs.
    pub fn counters(&self) -> Option<Arc<Progress>> {
        self.counters.clone()
    }

    /// Clears the display (before the report is printed).
    pub fn finish(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        self.stop();
    }
}

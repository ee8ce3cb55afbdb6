//! The `coinline` binary: the command line over the library. It parses
//! arguments, draws progress, prints and maps outcomes to exit statuses;
//! the work is done by the library crates (`coinline_core`,
//! `coinline_harness`).

#![forbid(unsafe_code)]
// The command line exits and touches files: see ARCHITECTURE.md. It prints
// only through cli::status, never with the print macros.
#![allow(clippy::disallowed_methods)]

mod cli;

fn main() -> std::process::ExitCode {
    #[cfg(target_os = "linux")]
    coinline_core::solve::table::provide_bits_memory(huge_pages);
    cli::main()
}

/// Memory for table's choice bits and a line's checkpoints on a long
/// board: an anonymous mapping
/// advised for transparent huge pages, which many kernels give only where
/// asked (`madvise` mode): a page fault per 2 MB where the heap takes one
/// per 4 KB, about 8 ms of a 10,000-value solve in a VM. The length is
/// rounded up to 2 MB, which the kernel needs to align the mapping.
#[cfg(target_os = "linux")]
fn huge_pages(len: usize) -> Option<coinline_core::solve::table::BitsMemory> {
    let memory = memmap2::MmapOptions::new()
        .len(len.checked_next_multiple_of(2 << 20)?)
        .map_anon()
        .ok()?;
    // Only a hint: refused, the mapping still works in 4 KB pages.
    let _ = memory.advise(memmap2::Advice::HugePage);
    Some(Box::new(memory))
}

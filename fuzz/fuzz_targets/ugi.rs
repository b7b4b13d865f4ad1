#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_fuzz::search::ugi(data));

//! The root's metadata as written (`GameRecord::meta`, issue 34: the games table's `black_rank`,
//! `white_rank`, `date`, `event`, `ru`, `km`, `ha`): the first value of `BR`, `WR`, `DT`, `EV`,
//! `RU`, `KM`, `HA`, decoded and trimmed, whatever the reading made of it.
//!
//! The expected values are what the bytes say (the non-UTF-8 ones written here as the bytes of
//! their encoding, from the encoding's table, not from the reader).

use ttrules_sgf::model::RecordMeta;
use ttrules_sgf::{read, GameRecord, Overrides, Source};
use ttrules_spec::{Komi, Rules};

fn game_with(bytes: &[u8], ov: &Overrides) -> GameRecord {
    read(bytes, "t.sgf", ov)
        .expect("the file reads")
        .games
        .remove(0)
        .expect("the game reads")
}

fn game(bytes: &[u8]) -> GameRecord {
    game_with(bytes, &Overrides::default())
}

fn meta(v: [Option<&str>; 7]) -> RecordMeta {
    let [black_rank, white_rank, date, event, ru, km, ha] = v.map(|s| s.map(str::to_string));
    RecordMeta {
        black_rank,
        white_rank,
        date,
        event,
        ru,
        km,
        ha,
    }
}

#[test]
fn the_seven_properties_as_written_escapes_and_spaces_read() {
    let g = game(
        br"(;GM[1]SZ[9]BR[ 3d ]WR[2k*]DT[2026-12-07,08]EV[Cup \] final]RU[Japanese]KM[6.5]HA[0]
           PB[a]PW[b];B[cc])",
    );
    let want = [
        Some("3d"),
        Some("2k*"),
        Some("2026-12-07,08"),
        Some("Cup ] final"),
        Some("Japanese"),
        Some("6.5"),
        Some("0"),
    ];
    assert_eq!(g.meta, meta(want));
}

#[test]
fn absent_properties_are_none_and_empty_ones_empty() {
    let g = game(b"(;SZ[9];B[cc])");
    assert_eq!(g.meta, RecordMeta::default());
    let g = game(b"(;SZ[9]RU[]KM[]EV[];B[cc])");
    let want = [None, None, None, Some(""), Some(""), Some(""), None];
    assert_eq!(g.meta, meta(want));
}

#[test]
fn gb2312_values_are_decoded() {
    // CA[GB2312]: 九段 BE C5 B6 CE, 第一届 B5 DA D2 BB BD EC, 古力 B9 C5 C1 A6.
    let mut bytes = b"(;CA[GB2312]SZ[19]PB[".to_vec();
    bytes.extend([0xB9, 0xC5, 0xC1, 0xA6]);
    bytes.extend(b"]BR[");
    bytes.extend([0xBE, 0xC5, 0xB6, 0xCE]);
    bytes.extend(b"]EV[");
    bytes.extend([0xB5, 0xDA, 0xD2, 0xBB, 0xBD, 0xEC]);
    bytes.extend(b"]RU[Chinese]KM[7.5];B[pd])");
    let g = game(&bytes);
    assert_eq!(g.encoding, "GBK");
    assert_eq!(g.black_name.as_deref(), Some("古力"));
    let want = [
        Some("九段"),
        None,
        None,
        Some("第一届"),
        Some("Chinese"),
        Some("7.5"),
        None,
    ];
    assert_eq!(g.meta, meta(want));
}

#[test]
fn shift_jis_values_are_decoded() {
    // CA[Shift_JIS]: 九段 8B E3 92 69.
    let mut bytes = b"(;CA[Shift_JIS]SZ[19]WR[".to_vec();
    bytes.extend([0x8B, 0xE3, 0x92, 0x69]);
    bytes.extend(b"]DT[2007-03-01];B[pd])");
    let g = game(&bytes);
    assert_eq!(g.encoding, "Shift_JIS");
    let want = [
        None,
        Some("九段"),
        Some("2007-03-01"),
        None,
        None,
        None,
        None,
    ];
    assert_eq!(g.meta, meta(want));
}

#[test]
fn what_the_reading_sets_aside_is_still_written() {
    // r[rec.komi.fox]: Fox's KM[0] with HA[0] is not the record's komi, but it is what it wrote.
    let g = game(b"(;AP[foxwq]SZ[19]RU[Japanese]KM[0]HA[0];B[pd])");
    assert_eq!(g.komi_from, Source::Default);
    assert_eq!(g.meta.km.as_deref(), Some("0"));
    assert_eq!(g.meta.ha.as_deref(), Some("0"));
    // r[rec.override]: the command line's rules, komi and handicap replace the record's, not
    // what the record says.
    let ov = Overrides {
        rules: Some((Rules::TROMP_TAYLOR, None)),
        komi: Some(Komi::ZERO),
        handicap: Some(0),
        strict: false,
    };
    let g = game_with(b"(;SZ[9]RU[Chinese]KM[7.5]HA[x];B[cc])", &ov);
    assert_eq!(g.rules_from, Source::CommandLine);
    assert_eq!(
        g.meta,
        meta([
            None,
            None,
            None,
            None,
            Some("Chinese"),
            Some("7.5"),
            Some("x")
        ])
    );
}

//! `amdmm-import`: the Khronos Vulkan memory model test suite (the alloy
//! `.test` files of github.com/KhronosGroup/Vulkan-MemoryModel) as amdmm
//! litmus tests.
//!
//! The modules, in pipeline order: [`parse`] (the `.test` syntax → [`ast`]),
//! [`ops`] (tokens → operations, with the Alloy well-formedness facts),
//! [`classes`] (is dropping storage classes and privacy faithful?),
//! [`expect`] (expectation lines → what an amdmm result must be),
//! [`translate`](mod@translate) (→ litmus text), [`differences`] (the documented
//! differences between the models) and [`report`] (the cross-check report).
//! [`skip`] lists why a test is not translated.

pub mod ast;
pub mod classes;
pub mod differences;
pub mod expect;
pub mod ops;
pub mod parse;
pub mod report;
pub mod skip;
pub mod translate;

pub use expect::{Expected, Flags, Observation, Verdict};
pub use skip::SkipReason;
pub use translate::Translation;

/// Translates one `.test` file (`name` is its stem).
pub fn translate(name: &str, src: &str) -> Result<Translation, SkipReason> {
    let file = parse::parse(src).map_err(|e| SkipReason::Parse {
        line: e.line,
        col: e.col,
        message: e.message,
    })?;
    // litmus.cpp would build an empty program; there is nothing to
    // translate (found by the vulkan_test fuzz target: the translation had
    // no thread and did not load).
    if file.threads.is_empty() {
        return Err(SkipReason::Parse {
            line: file.expectations.first().map_or(1, |e| e.line),
            col: 1,
            message: "no instruction: a test needs at least one thread".to_string(),
        });
    }
    if let Some((line, ..)) = file.sloc.first() {
        return Err(SkipReason::Sloc { line: *line });
    }
    if let Some((line, ..)) = file.ssw.first() {
        return Err(SkipReason::Ssw { line: *line });
    }
    let threads = file
        .threads
        .iter()
        .map(|t| {
            t.instrs
                .iter()
                .map(ops::decode)
                .collect::<Result<Vec<_>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()?;
    let local = classes::choose_local(&file, &threads)?;
    let expected = Expected::from_lines(&file.expectations)?;
    translate::translate(name, src, &file, &threads, expected, local)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MP: &str = "// Copyright (c) 2017-2018 Khronos Group. This work is licensed under a\n\
        // Creative Commons Attribution 4.0 International License; see\n\
        // http://creativecommons.org/licenses/by/4.0/\n\n// message passing\n\
        NEWWG\nNEWSG\nNEWTHREAD\nst.av.scopedev.sc0 x = 1\nst.atom.rel.scopewg.sc0.semsc0 y = 1\n\
        NEWSG\nNEWTHREAD\nld.atom.acq.semvis.scopewg.sc0.semsc0 y = 1\nld.vis.scopedev.sc0 x\n\
        SATISFIABLE consistent[X] && #dr=0\nNOSOLUTION consistent[X] && #dr>0\n";

    fn render(t: &Translation) -> String {
        t.render(&t.expected.representative(), &[])
    }

    #[test]
    fn translates_message_passing() {
        let t = translate("mp", MP).unwrap();
        let s = render(&t);
        assert!(s.contains("Original work: Copyright (c) 2017-2018 Khronos Group."));
        assert!(s.contains("//   NEWSG\n"));
        assert!(s.contains("Original comment: message passing."));
        assert!(s.contains("thread P1 @ agent 0, wg 0, wave 1 {"));
        assert!(s.contains(
            "call void @llvm.amdgcn.av.global.store.b128(ptr @x, i32 1, metadata !\"\")"
        ));
        assert!(s.contains(
            "store atomic i32 1, ptr @y syncscope(\"workgroup\") release, align 4, !mmra !{!\"amdgcn-av\", !\"none\"}"
        ));
        // semvis: a MakeVisible acquire, no av-none.
        assert!(
            s.contains("%r0 = load atomic i32, ptr @y syncscope(\"workgroup\") acquire, align 4\n")
        );
        assert!(
            s.contains("%r1 = call i32 @llvm.amdgcn.av.global.load.b128(ptr @x, metadata !\"\")")
        );
        assert!(s.contains("%c0 = icmp eq i32 %r0, 1\n  call void @llvm.assume(i1 %c0)\n}"));
        assert!(s.contains("forall (P1:%r0 != undef /\\ P1:%r1 != undef)\nexpect Always\n"));
        assert!(!t.uses_barriers);
    }

    /// A file with expectations but no instruction
    /// (fuzz/regressions/vulkan_test/no-instruction-crlf.test).
    #[test]
    fn no_instruction_is_a_syntax_error() {
        let e = translate("t", "// c\r\nSATISFIABLE consistent[X] && #dr>0\r\n").unwrap_err();
        assert!(
            matches!(&e, SkipReason::Parse { line: 2, col: 1, message } if message.contains("no instruction")),
            "{e:?}"
        );
    }

    /// A line of the translation leads back to its `.test` line.
    #[test]
    fn translation_lines_lead_back_to_the_test() {
        let t = translate("mp", MP).unwrap();
        let text = render(&t);
        let line_of = |needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
        let store = line_of("store atomic i32 1, ptr @y");
        assert_eq!(t.test_line(&text, store), Some(10));
        let load = line_of("%r1 = call i32 @llvm.amdgcn.av.global.load.b128");
        assert_eq!(t.test_line(&text, load), Some(14));
        assert_eq!(t.test_line(&text, line_of("global x = 0;")), None);
    }

    #[test]
    fn placement_lanes_and_agents() {
        let src = "NEWTHREAD\nst.nonpriv.sc0 x = 1\nNEWTHREAD\nld.nonpriv.sc0 x\nNEWQF\nNEWWG\nNEWSG\nNEWTHREAD\n\
                   ld.atom.scopeqf.sc0 x\nNOSOLUTION consistent[X]\n";
        let s = render(&translate("t", src).unwrap());
        assert!(s.contains("thread P0 @ agent 0, wg 0, wave 0 {"));
        assert!(s.contains("thread P1 @ agent 0, wg 0, wave 0 {"));
        assert!(s.contains("thread P2 @ agent 1, wg 1, wave 1 {"));
        assert!(s.contains("load atomic i32, ptr @x syncscope(\"agent\") monotonic"));
    }

    #[test]
    fn observed_values() {
        let exp = "SATISFIABLE consistent[X] && #dr=0\n";
        let two = format!("NEWTHREAD\nst.nonpriv.sc0 x = 1\nst.nonpriv.sc0 x = 1\nNEWSG\nNEWTHREAD\nld.nonpriv.sc0 x = 1\n{exp}");
        assert_eq!(
            translate("t", &two).unwrap_err(),
            SkipReason::AmbiguousValue { line: 6 }
        );
        let zero = format!(
            "NEWTHREAD\nst.nonpriv.sc0 x = 0\nNEWSG\nNEWTHREAD\nld.nonpriv.sc0 x = 0\n{exp}"
        );
        assert_eq!(
            translate("t", &zero).unwrap_err(),
            SkipReason::AmbiguousValue { line: 5 }
        );
        let free = format!(
            "NEWTHREAD\nst.nonpriv.sc0 x = 1\nNEWSG\nNEWTHREAD\nld.nonpriv.sc0 x = 7\n{exp}"
        );
        let t = translate("t", &free).unwrap();
        assert!(t.notes[0].contains("no write stores the observed value 7"));
        assert!(!render(&t).contains("call void @llvm.assume"));
        let own = format!("NEWTHREAD\nrmw.scopewg.sc0 x = 1 1\n{exp}");
        assert!(matches!(
            translate("t", &own),
            Err(SkipReason::Malformed { .. })
        ));
    }

    #[test]
    fn storage_classes_as_address_spaces() {
        // noncohmpfail2.test: the release's semantics name only sc1, which
        // no access uses; sc1 becomes LDS, the release a local fence before
        // a monotonic store, the semsc0 acquire on an sc0 atomic one-as.
        let src = "NEWWG\nNEWSG\nNEWTHREAD\nst.nonpriv.sc0 x = 1\nst.atom.rel.scopewg.semav.sc0.semsc1 z = 1\n\
                   NEWSG\nNEWTHREAD\nld.atom.acq.scopewg.semvis.sc0.semsc0 z = 1\nld.nonpriv.sc0 x = 1\n\
                   NOSOLUTION consistent[X] && #dr=0\nSATISFIABLE consistent[X] && #dr>0\n";
        let t = translate("noncohmpfail2", src).unwrap();
        let s = render(&t);
        assert!(s.contains(
            "  fence syncscope(\"workgroup\") release, !mmra !{!\"amdgpu-as\", !\"local\"}\n  \
             store atomic i32 1, ptr @z syncscope(\"workgroup\") monotonic, align 4\n"
        ));
        assert!(s.contains(
            "load atomic i32, ptr @z syncscope(\"workgroup-one-as\") acquire, align 4\n"
        ));
        assert!(t.notes.iter().any(|n| n.contains("sc1 is LDS")));
        // test7.test: cbars whose semantics name one class get that class's
        // tag (sc0 global, sc1 LDS: no sc1 access), with amdgcn-av none.
        let src = "NEWWG\nNEWSG\nNEWTHREAD\nst.av.scopedev.sc0 a = 1\ncbar.acq.rel.scopewg.semsc0 0\n\
                   NEWSG\nNEWTHREAD\ncbar.acq.rel.scopewg.semsc0 0\ncbar.acq.rel.scopedev.semsc1 1\n\
                   NEWWG\nNEWSG\nNEWTHREAD\ncbar.acq.rel.scopedev.semsc1 1\ncbar.acq.rel.scopewg.semsc0 2\n\
                   NEWSG\nNEWTHREAD\ncbar.acq.rel.scopewg.semsc0 2\nld.vis.scopedev.sc0 a\n\
                   NOSOLUTION consistent[X] && #dr=0\nSATISFIABLE consistent[X] && #dr>0\n";
        let s = render(&translate("test7", src).unwrap());
        assert!(s.contains(
            "fence release, !mmra !{!{!\"amdgpu-as\", !\"local\"}, !{!\"amdgcn-av\", !\"none\"}}"
        ));
        assert!(s.contains(
            "fence syncscope(\"workgroup\") acquire, !mmra !{!{!\"amdgpu-as\", !\"global\"}, !{!\"amdgcn-av\", !\"none\"}}"
        ));
        // A class accessed in two workgroups cannot be LDS: still skipped.
        let src = "NEWWG\nNEWSG\nNEWTHREAD\nst.av.scopedev.sc0 a = 1\nst.atom.rel.scopedev.sc1.semsc1 c = 1\n\
                   NEWWG\nNEWSG\nNEWTHREAD\nld.atom.acq.scopedev.sc1.semsc1 c = 1\nld.vis.scopedev.sc0 a\n\
                   NOSOLUTION consistent[X] && #dr=0\n";
        assert!(matches!(
            translate("t", src),
            Err(SkipReason::StorageClassSemantics { .. })
        ));
        // A fence whose semantics exclude sc1 would pair with the sc1 flag
        // (Alloy pairs it only with atomics of its classes): skipped when
        // sc1 cannot be LDS.
        let src = "NEWWG\nNEWSG\nNEWTHREAD\nst.av.scopedev.sc0 a = 1\nmembar.rel.scopedev.semsc0.semav\n\
                   st.atom.scopedev.sc1 f = 1\nNEWWG\nNEWSG\nNEWTHREAD\nld.atom.scopedev.sc1 f = 1\n\
                   membar.acq.scopedev.semsc0.semsc1.semvis\nld.vis.scopedev.sc0 a\n\
                   NOSOLUTION consistent[X] && #dr=0\n";
        assert!(matches!(
            translate("t", src),
            Err(SkipReason::StorageClassSemantics { line: 5, .. })
        ));
    }

    #[test]
    fn barriers() {
        let exp = "SATISFIABLE consistent[X] && #dr=0\n";
        let src = format!(
            "NEWTHREAD\nst.nonpriv.sc0 x = 1\ncbar.acq.rel.scopewg.semsc0.semav 0\nNEWSG\nNEWTHREAD\n\
             cbar.acq.rel.scopewg.semsc0.semav 0\nld.nonpriv.sc0 x\n{exp}"
        );
        let t = translate("t", &src).unwrap();
        assert!(t.uses_barriers);
        let s = render(&t);
        assert!(s.contains("barrier B0 workgroup = 2;"));
        assert!(s.contains(
            "  barrier.join @B0\n  ; st.nonpriv.sc0 x = 1\n  store i32 1, ptr @x\n  ; cbar.acq.rel.scopewg.semsc0.semav 0\n\
             \x20 fence syncscope(\"workgroup\") release\n  barrier.arrive @B0\n  barrier.wait @B0\n\
             \x20 fence syncscope(\"workgroup\") acquire, !mmra !{!\"amdgcn-av\", !\"none\"}\n"
        ));
        let wide =
            format!("NEWTHREAD\ncbar.scopewg 0\nNEWWG\nNEWSG\nNEWTHREAD\ncbar.scopewg 0\n{exp}");
        assert_eq!(
            translate("t", &wide).unwrap_err(),
            SkipReason::BarrierScope { instance: 0 }
        );
        let crossed = format!(
            "NEWTHREAD\ncbar.scopewg 0\ncbar.scopewg 1\nNEWSG\nNEWTHREAD\ncbar.scopewg 1\ncbar.scopewg 0\n{exp}"
        );
        assert!(matches!(
            translate("t", &crossed),
            Err(SkipReason::Malformed { .. })
        ));
    }

    #[test]
    fn skips() {
        let exp = "SATISFIABLE consistent[X] && #dr=0\n";
        let sloc = format!("NEWTHREAD\nst.nonpriv.sc0 x = 1\nSLOC x y\n{exp}");
        assert_eq!(
            translate("t", &sloc).unwrap_err(),
            SkipReason::Sloc { line: 3 }
        );
        let ssw = format!("NEWTHREAD 0\nst.nonpriv.sc0 x = 1\nNEWSG\nNEWTHREAD 1\nld.nonpriv.sc0 x\nSSW 0 1\n{exp}");
        assert_eq!(
            translate("t", &ssw).unwrap_err(),
            SkipReason::Ssw { line: 6 }
        );
        let split = format!("NEWTHREAD\nrmw.acq.rel.semav.scopewg.sc0.semsc0 x = 0 1\n{exp}");
        assert_eq!(
            translate("t", &split).unwrap_err(),
            SkipReason::SplitAvVis { line: 2 }
        );
        assert_eq!(
            translate(
                "t",
                "NEWTHREAD\nst.nonpriv.sc0 x = 1\nSATISFIABLE NOCHAINS consistent[X]\n"
            )
            .unwrap_err(),
            SkipReason::NoExpectation
        );
    }
}

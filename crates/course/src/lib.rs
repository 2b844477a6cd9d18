//! # locklab-course
//!
//! Course content, apart from the simulations: challenge sets (goals a widget checks itself,
//! in `challenges/`), quiz decks (data files an author can read, in
//! `decks/`; both folders are in this crate), their parsing and validation, a learner's progress,
//! the xAPI statements of answers and finished decks, and [`registry`], every widget locklab has
//! (the simulations from `locklab_sim::registry`, then the quiz). The widgets crate, the mdBook
//! preprocessor, the SCORM export and the generated adapters read that one list.

pub mod challenge;
pub mod element;
pub mod lab_record;
pub mod predict;
pub mod quiz;
pub mod registry;
pub mod xapi;

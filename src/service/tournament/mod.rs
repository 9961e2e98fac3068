//! Tournaments in the service: the events a server runs, from sign-up to champion.

pub mod rules;

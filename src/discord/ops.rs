//! What the adapter reads of the gateway for operators: how many of this process's shards are
//! connected (the gateway watch, the metrics and the readiness probe use it).

use poise::serenity_prelude as serenity;

/// How many of this process's shards are connected to the gateway now.
pub(crate) async fn connected_shards(shards: &serenity::ShardManager) -> usize {
    shards.runners.lock().await.values().filter(|runner| runner.stage == serenity::ConnectionStage::Connected).count()
}

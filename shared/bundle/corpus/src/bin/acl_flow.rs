// Without proconio: a bipartite matching by maximum flow (MfGraph), with the
// matched pairs and the minimum cut, then the cheapest way to send k units
// through the same graph with costs (MinCostFlowGraph, flow and slope).
use ac_library::{MfGraph, MinCostFlowGraph};
use std::io::{self, BufRead};

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().map(|line| line.unwrap());
    let head: Vec<usize> = lines
        .next()
        .unwrap()
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect();
    let (left, right, k) = (head[0], head[1], head[2] as i64);
    let edges: Vec<(usize, usize, i64)> = lines
        .filter(|line| !line.is_empty())
        .map(|line| {
            let v: Vec<i64> = line.split(' ').map(|x| x.parse().unwrap()).collect();
            (v[0] as usize, v[1] as usize, v[2])
        })
        .collect();
    let (s, t) = (left + right, left + right + 1);
    let mut graph = MfGraph::new(left + right + 2);
    let mut costs = MinCostFlowGraph::new(left + right + 2);
    for i in 0..left {
        graph.add_edge(s, i, 1);
        costs.add_edge(s, i, 1, 0);
    }
    for j in 0..right {
        graph.add_edge(left + j, t, 1);
        costs.add_edge(left + j, t, 1, 0);
    }
    let first = graph.edges().len();
    for &(i, j, cost) in &edges {
        graph.add_edge(i, left + j, 1);
        costs.add_edge(i, left + j, 1, cost);
    }
    let matched = graph.flow(s, t);
    let pairs: Vec<String> = graph.edges()[first..]
        .iter()
        .filter(|e| e.flow == 1)
        .map(|e| format!("{}-{}", e.from, e.to - left))
        .collect();
    let cut = graph.min_cut(s).iter().filter(|&&side| side).count();
    println!("{} [{}] {}", matched, pairs.join(" "), cut);
    let (flow, cost) = costs.clone().flow(s, t, k);
    println!("{} {} {:?}", flow, cost, costs.slope(s, t, k));
}

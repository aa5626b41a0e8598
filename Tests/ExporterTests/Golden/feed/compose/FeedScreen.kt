package com.example.dailyfeed

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.*
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.itemsIndexed
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.filled.*
import androidx.compose.material3.*
import androidx.compose.runtime.*
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.semantics.*
import androidx.compose.ui.text.input.PasswordVisualTransformation
import androidx.compose.ui.unit.dp

/** The "Feed" screen, drawn in sketchd. */
@OptIn(ExperimentalMaterial3Api::class)
@Composable
fun FeedScreen() {
    var selectedTab by remember { mutableStateOf(0) }
    Scaffold(
        topBar = {
            TopAppBar(
                title = { Text("Feed") },
                navigationIcon = { IconButton(onClick = ::menuButtonTapped) { Icon(Icons.Filled.Menu, contentDescription = "Menu") } },
                actions = { IconButton(onClick = ::addButtonTapped) { Icon(Icons.Filled.Add, contentDescription = "Add") } },
            )
        },
        bottomBar = {
            NavigationBar {
                NavigationBarItem(selected = selectedTab == 0, onClick = { selectedTab = 0 }, icon = { Icon(Icons.Filled.Home, contentDescription = null) }, label = { Text("Home") })
                NavigationBarItem(selected = selectedTab == 1, onClick = { selectedTab = 1 }, icon = { Icon(Icons.Filled.Search, contentDescription = null) }, label = { Text("Search") })
                NavigationBarItem(selected = selectedTab == 2, onClick = { selectedTab = 2 }, icon = { Icon(Icons.Filled.Person, contentDescription = null) }, label = { Text("Profile") })
            }
        },
    ) { innerPadding ->
        Column(modifier = Modifier.padding(innerPadding).fillMaxSize().background(Theme.background).verticalScroll(rememberScrollState()).padding(start = 20.dp, top = 0.dp, end = 20.dp, bottom = 16.dp), verticalArrangement = Arrangement.spacedBy(16.dp), horizontalAlignment = Alignment.Start) {
            Row(horizontalArrangement = Arrangement.spacedBy(12.dp), verticalAlignment = Alignment.CenterVertically) {
                Icon(Icons.Filled.AccountCircle, contentDescription = "Profile picture", tint = Theme.placeholder, modifier = Modifier.size(48.dp).clip(CircleShape))
                Text(text = "Ada Lovelace", style = MaterialTheme.typography.titleMedium)
                Spacer(modifier = Modifier.weight(1f))
            }
            Box(modifier = Modifier.fillMaxWidth().height(220.dp).background(Theme.cardBackground, RoundedCornerShape(Theme.cornerRadius)).semantics { contentDescription = "Photo" })
            Text(text = "Lorem ipsum dolor sit amet consectetur", style = MaterialTheme.typography.bodyLarge)
            Row(horizontalArrangement = Arrangement.spacedBy(16.dp), verticalAlignment = Alignment.CenterVertically) {
                Icon(Icons.Filled.Star, contentDescription = "Favorite", tint = Theme.inkRed)
                Icon(Icons.Filled.Share, contentDescription = "Share")
            }
            Row(horizontalArrangement = Arrangement.spacedBy(8.dp), modifier = Modifier.semantics { contentDescription = "Page 1 of 4" }) {
                repeat(4) { page ->
                    Box(modifier = Modifier.size(8.dp).background(if (page == 0) Theme.accent else Theme.placeholder, CircleShape))
                }
            }
            HorizontalDivider()
            Spacer(modifier = Modifier.weight(1f))
        }
    }
}

private fun menuButtonTapped() {
    // Runs when "Menu" is tapped.
}

private fun addButtonTapped() {
    // Runs when "Add" is tapped.
}
